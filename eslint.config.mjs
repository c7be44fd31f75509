import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

const nodeOnly = ['electron', 'node:*', 'fs', 'path', 'os', 'child_process', 'crypto']

const rendererBoundaries = [
  { group: nodeOnly, message: 'The renderer is a web app; use window.api through platform/.' },
  { group: ['**/main/**', '**/preload/**', '**/backend/**'], message: 'Import only shared code.' }
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'dist-web/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // Build hooks and configs that electron-builder loads with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer is a plain web app: no Electron, no Node, and no reaching into other processes.
      'no-restricted-imports': ['error', { patterns: rendererBoundaries }]
    }
  },
  {
    // One data path: the renderer reaches the data layer through services/ (`Services`, bound
    // to the data client) and nothing else; only the platform builds clients. Stores and
    // components, and the hooks and helpers around them, get the data layer's types and pure
    // rules from services/types.ts and services/rules.ts.
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    ignores: [
      'src/renderer/src/services/**',
      'src/renderer/src/platform/**',
      'src/renderer/src/testing/**',
      'src/renderer/src/**/*.test.{ts,tsx}'
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererBoundaries,
            {
              group: ['@shared/data', '@shared/data/*', '**/shared/data/**'],
              message:
                'Reach the data layer through Services (services/), its types through services/types.'
            },
            {
              group: ['@supabase/*'],
              message: 'Only services/ and platform/ talk to Supabase; stores receive Services.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // Isomorphic: runs in main, preload, renderer and backend.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeOnly, message: 'src/shared must stay isomorphic.' },
            {
              group: ['**/main/**', '**/preload/**', '**/backend/**', '**/renderer/**'],
              message: 'src/shared imports nothing but itself.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/backend/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', '**/main/**', '**/preload/**', '**/renderer/**', '**/local/**'],
              message: 'The backend is plain Node: it may use only shared code.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/local/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', '**/main/**', '**/preload/**', '**/renderer/**'],
              message: 'The local stack is plain Node: the backend, shared code and supabase-js.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/backend/**', '**/renderer/**'],
              message: 'The preload builds window.api from src/shared only.'
            }
          ]
        }
      ]
    }
  },
  prettier
)
