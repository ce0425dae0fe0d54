// /user/register-result: the account exists; go and sign in with it.
import { useSearchParams } from 'react-router-dom';
import { UserScreen } from './UserScreen';

export default function RegisterResult() {
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  return (
    <UserScreen
      spec={{
        title: '注册结果',
        result: {
          status: 'success',
          title: '注册成功',
          description: username ? `你的账户 ${username} 已注册成功，请使用该账户登录。` : '账户已注册成功，请登录。',
          actions: [{ text: '去登录', to: '/user/login-admin' }],
        },
      }}
    />
  );
}
