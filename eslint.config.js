// ESLint flat config. The local `boss/boundaries` rule keeps the layout of ARCHITECTURE.md from rotting:
// src, sw and server only share contract/; contract imports nothing of theirs; inside src the arrows
// go app → features → components → lib, and a feature never imports another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

function resolveTarget(fromFile, spec) {
  if (spec.startsWith('@contract/')) return path.join(root, 'contract', spec.slice(10));
  if (spec.startsWith('@/')) return path.join(root, 'src', spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  return null; // a package
}

/** Layer of a file: top folder, and for src its sub-layer and feature name. */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  const top = rel[0];
  if (top !== 'src') return { top };
  const sub = rel.length > 2 ? rel[1] : 'root';
  return { top, sub, feature: sub === 'features' ? rel[2] : undefined };
}

const srcOrder = { root: 0, app: 1, features: 2, components: 3, api: 4, stores: 4, hooks: 4, lib: 5 };

const boundaries = {
  meta: { type: 'problem', messages: { cross: '{{why}}' } },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      const target = resolveTarget(file, spec);
      if (!target) return;
      const to = layerOf(target);
      let why = null;
      if (from.top === 'contract' && to.top !== 'contract') why = 'contract/ must not import from ' + to.top + '/';
      else if (['src', 'sw', 'server'].includes(from.top) && ['src', 'sw', 'server'].includes(to.top) && from.top !== to.top)
        why = from.top + '/ must not import ' + to.top + '/ (only contract/ is shared)';
      else if (from.top === 'src' && to.top === 'src') {
        if (from.feature && to.feature && from.feature !== to.feature) why = 'feature "' + from.feature + '" must not import feature "' + to.feature + '"';
        else if ((srcOrder[to.sub] ?? 5) < (srcOrder[from.sub] ?? 5))
          why = 'src/' + from.sub + ' must not import src/' + to.sub + ' (arrows go app → features → components → lib)';
      }
      if (why) context.report({ node, messageId: 'cross', data: { why } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (n) => check({ source: n.source, ...n }) };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.data-*/**', 'dev-dist/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boss: { rules: { boundaries } }, 'react-hooks': reactHooks },
    rules: {
      'boss/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
