@own @tools
Feature: glob 模式
  `glob` 与 `search --glob` 在 Node 中匹配路径：`*` 与 `?` 不跨越 `/`，`**` 跨越目录，`[abc]` / `[!abc]` / `[^abc]` 是字符类，
  `{a,b}` 是可嵌套的候选，点文件同样匹配；没有闭合的 `[` 与 `{` 按字面匹配，其余正则字符也按字面匹配。

  Background:
    Given Router 已就绪
    And 工作区中有文件 "a.ts, b.js, .env, src/x.ts, src/y.tsx, src/lib/z.ts, docs/guide.md, file1.txt, file2.txt, filea.txt, odd[.txt, odd{.txt, notes(1).md"

  Scenario Outline: glob "<模式>" 列出 <列出>
    When 路由命令 `glob "<模式>"`
    Then glob 列出的文件应为 "<列出>"

    Examples:
      | 模式                | 列出                                   |
      | *.ts              | a.ts                                 |
      | src/*.ts          | src/x.ts                             |
      | **/*.ts           | a.ts, src/lib/z.ts, src/x.ts         |
      | src/**/*.ts       | src/lib/z.ts, src/x.ts               |
      | src/**            | src/lib/z.ts, src/x.ts, src/y.tsx    |
      | **z.ts            | src/lib/z.ts                         |
      | file?.txt         | file1.txt, file2.txt, filea.txt      |
      | file[12].txt      | file1.txt, file2.txt                 |
      | file[!12].txt     | filea.txt                            |
      | file[^a].txt      | file1.txt, file2.txt                 |
      | src/*.{ts,tsx}    | src/x.ts, src/y.tsx                  |
      | {a,b}.{ts,js}     | a.ts, b.js                           |
      | {a,{b,c}}.*       | a.ts, b.js                           |
      | src/{lib/*,x}.ts  | src/lib/z.ts, src/x.ts               |
      | .*                | .env                                 |
      | odd[.txt          | odd[.txt                             |
      | odd{.txt          | odd{.txt                             |
      | notes(1).*        | notes(1).md                          |
      | *.py              | 无                                    |
