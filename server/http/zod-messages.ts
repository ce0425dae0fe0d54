// Chinese texts for the zod issues a schema did not word itself (a missing field, a number where
// text belongs, an unknown enum value), so that no English default ever reaches a user.
import { z } from 'zod';

const fieldOf = (path: PropertyKey[] | undefined) => (path && path.length ? `「${path.map(String).join('.')}」` : '');

export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      const field = fieldOf(issue.path);
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null ? `缺少必填参数${field}` : `参数${field}类型有误`;
        case 'invalid_value':
          return `参数${field}取值有误`;
        case 'too_big':
          return `参数${field}过长`;
        case 'too_small':
          return `参数${field}过短`;
        case 'unrecognized_keys':
          return '请求含有无法识别的参数';
        default:
          return `参数${field}格式有误`;
      }
    },
  });
}
