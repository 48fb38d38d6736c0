@own @tools
Feature: Agent 命令的参数、路径与文件错误
  `read`、`write`、`edit`、`glob`、`search` 在 Node 中运行：参数按 Shell 规则拆分但不是 Shell，
  选项可以写成 `--name value` 或 `--name=value`，数值选项必须是正整数；相对路径按 Shell 的当前目录解析，
  `~` 是主目录；文件系统错误变成说明了路径（按模型写的样子）的执行错误，参数错误是带用法行的用法错误。

  Rule: 参数解析

    Scenario Outline: 参数错误是带用法行的用法错误：<情形>
      Given Router 已就绪
      And 工作区文件 `note.txt` 的内容为 "one\ntwo\nthree\n"
      When 路由命令 `<命令>`
      Then 命令结果应为 stdout ""、stderr "Error: <原因>\nUsage: read <path> [--offset N] [--limit N]\n"、退出码 1
      And 命令结果的失败类别应为 `invalid_usage`

      Examples:
        | 情形             | 命令                          | 原因                                        |
        | 未闭合的引号     | read "note.txt                | Unterminated double quote                   |
        | 多个路径         | read note.txt tmp.txt         | read takes exactly one path                 |
        | 未知选项         | read note.txt --from 2        | unknown option --from                       |
        | 选项缺少值       | read note.txt --limit         | option --limit needs a value                |
        | 数值为零         | read note.txt --limit 0       | --limit must be a positive integer, got \"0\"   |
        | 数值不是整数     | read note.txt --offset=1.5    | --offset must be a positive integer, got \"1.5\" |
        | 负数             | read note.txt --offset=-2     | --offset must be a positive integer, got \"-2\"  |

    Scenario: 选项也可以写成 --name=value，-h 与 --help 相同
      Given Router 已就绪
      And 工作区文件 `note.txt` 的内容为 "one\ntwo\nthree\n"
      When 路由命令 `read note.txt --offset=3 --limit=1`
      Then 命令结果应为 stdout "     3\tthree\n[lines 3-3 of 3.]\n"、stderr ""、退出码 0
      When 路由命令 `read -h`
      Then 标准输出应以 `read <path> [--offset N] [--limit N]` 开头

    Scenario Outline: 不是选项形状的词是位置参数：<正则>
      Given Router 已就绪
      And 工作区文件 `n.txt` 的内容为 "x <正则> y\n"
      When 路由命令 `search "<正则>" n.txt`
      Then 命令结果应为 stdout "n.txt:1: x <正则> y\n"、stderr ""、退出码 0

      Examples:
        | 正则   |
        | -5     |
        | -x!    |
        | a-b    |
        | -> y-z |

    Scenario: 不带值的开关不接受 =value
      Given Router 已就绪
      When 路由命令 `search -i=yes x`
      Then 命令结果应为 stdout ""、stderr "Error: unknown option -i\nUsage: search <regex> [path] [-i] [--glob <pattern>]\n"、退出码 1

  Rule: 路径

    Scenario: ~ 与 ~/ 开头的路径按主目录解析，输出里保留模型写的路径
      Given Router 的沙箱模式为 "off"
      When 路由命令 `write ~/notes/today.md "buy milk"`
      Then 命令结果应为 stdout "Wrote 8 bytes to ~/notes/today.md\n"、stderr ""、退出码 0
      And 主目录里的文件 `notes/today.md` 的内容应为 "buy milk"
      When 路由命令 `read ~/notes/today.md`
      Then 命令结果应为 stdout "     1\tbuy milk"、stderr ""、退出码 0
      When 路由命令 `read ~`
      Then 命令结果应为 stdout ""、stderr "Is a directory: ~ (list it with glob or ls)\n"、退出码 1
      When 路由命令 `glob "**/*.md" ~`
      Then 命令结果应为 stdout "notes/today.md\n"、stderr ""、退出码 0
      When 路由命令 `edit ~/notes/today.md milk bread`
      Then 命令结果应为 stdout "Edited ~/notes/today.md: replaced 1 occurrence\n"、stderr ""、退出码 0
      And 主目录里的文件 `notes/today.md` 的内容应为 "buy bread"
      When 路由命令 `search bread ~`
      Then 命令输出应包含 "notes/today.md:1: buy bread"

  Rule: 文件系统错误说明路径

    Scenario Outline: <命令> 遇到<情形>（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 工作区文件 `tmp.txt` 的内容为 "a banana and a cat"
      And 工作区文件 `dir/inner.txt` 的内容为 "inside\n"
      And 工作区里的 `loop` 是指向自己的符号链接
      When 路由命令 `<命令>`
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `<说明>`

      @bwrap
      Examples: 有 bubblewrap：在沙箱里的辅助进程中
        | 命令                     | 情形                 | 说明                                               | 把关            |
        | read tmp.txt/x           | 把文件当目录               | File not found: tmp.txt/x                          | bubblewrap 把关   |
        | write dir "text"         | 写入目录                 | Is a directory: dir (list it with glob or ls)      | bubblewrap 把关   |
        | write tmp.txt/x "text"   | 写到文件下面               | File not found: tmp.txt/x                          | bubblewrap 把关   |
        | edit dir a b             | 编辑目录                 | Cannot edit dir: it is not a regular file          | bubblewrap 把关   |
        | edit missing.txt a b     | 编辑不存在的文件             | File not found: missing.txt                        | bubblewrap 把关   |
        | read loop                | 符号链接环                | Cannot access loop: ELOOP                          | bubblewrap 把关   |
        | write loop "text"        | 写入符号链接环              | Cannot access loop: ELOOP                          | bubblewrap 把关   |

      Examples: 没有 bubblewrap：在本进程里逐级打开
        | 命令                     | 情形                 | 说明                                               | 把关            |
        | read tmp.txt/x           | 把文件当目录               | File not found: tmp.txt/x                          | 没有 bubblewrap   |
        | write dir "text"         | 写入目录                 | Is a directory: dir (list it with glob or ls)      | 没有 bubblewrap   |
        | write tmp.txt/x "text"   | 写到文件下面               | File not found: tmp.txt/x                          | 没有 bubblewrap   |
        | edit dir a b             | 编辑目录                 | Cannot edit dir: it is not a regular file          | 没有 bubblewrap   |
        | edit missing.txt a b     | 编辑不存在的文件             | File not found: missing.txt                        | 没有 bubblewrap   |
        | read loop                | 符号链接环                | Cannot access loop: ELOOP                          | 没有 bubblewrap   |
        | write loop "text"        | 写入符号链接环              | Cannot access loop: ELOOP                          | 没有 bubblewrap   |

  Rule: 每个命令的 --help 是完整的说明

    Scenario: `read --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `read --help`
      Then 标准输出应为:
        """
        read <path> [--offset N] [--limit N]
          Print a text file with line numbers, as cat -n does: each line is its number (right-aligned in six
          columns), a tab, then the line. The number and the tab are not part of the file: leave them out of
          edit's <old text>. Relative paths resolve against the shell's current directory.
          --offset N  first line to print (1-based, default 1)
          --limit N   number of lines to print (default 2000)
          Lines longer than 2000 characters are cut, and at most 96 KiB are printed;
          when lines remain, a last line says how to read on (the numbers are the ones printed). An --offset
          past the end prints a note with the number of lines. Only regular text files can be read.
        Examples: read src/index.ts | read notes.md --offset 100 --limit 50

        """

    Scenario: `write --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `write --help`
      Then 标准输出应为:
        """
        write <path> <content>
        write <path> <<'EOF'
        ...lines...
        EOF
          Create or overwrite a file (parent directories are created). Relative paths resolve against the
          shell's current directory. Quote <content> as one argument; no $VAR or glob expansion happens.
          The heredoc form writes the lines literally, each ending with a newline.
        Examples: write notes.txt "first line" | write src/a.ts <<'EOF' ... EOF

        """

    Scenario: `edit --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `edit --help`
      Then 标准输出应为:
        """
        edit <path> <old text> <new text> [--all]
          Replace exactly one occurrence of <old text> with <new text>. The match is exact (whitespace and
          newlines included) and literal (no patterns); it fails when <old text> is absent or occurs more than
          once: add surrounding lines to make it unique, or pass --all. Quote each argument; multi-line text
          may span lines inside the quotes. Copy text from read's output without its line numbers.
          --all  replace every occurrence and say how many (first or last argument)
        Examples: edit src/a.ts "const x = 1;" "const x = 2;" | edit notes.md "colour" "color" --all

        """

    Scenario: `glob --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `glob --help`
      Then 标准输出应为:
        """
        glob <pattern> [directory]
          List the files matching a glob pattern, one per line, sorted. The pattern is relative to
          [directory] (default: the shell's current directory) unless it is absolute.
          * and ? match within a path segment, ** across segments, [abc] a class, {a,b} alternatives.
          .git and node_modules are skipped unless the pattern names them; at most 1000 paths are listed.
        Quote the pattern so the shell syntax is not misread: glob "src/**/*.ts"

        """

    Scenario: `search --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `search --help`
      Then 标准输出应为:
        """
        search <regex> [path] [-i] [--glob <pattern>]
          Search file contents with a regular expression (RE2 syntax: linear time, so no lookaround or
          backreferences) and print path:line: text for each
          matching line. [path] is a file or directory (default: the shell's current directory).
          -i / --ignore-case   case-insensitive
          --glob <pattern>     only files whose path (relative to [path]) matches, e.g. "**/*.ts"
          Binary files, files over 2 MB, .git and node_modules are skipped; at most 500 matches are listed.
        Example: search "function \w+Router" src --glob "**/*.ts"

        """

    Scenario: `TodoWrite --help` 给出完整的用法说明
      Given Router 已就绪
      When 路由命令 `TodoWrite --help`
      Then 标准输出应为:
        """
        TodoWrite '<json>'
        TodoWrite <<'EOF'  (the JSON on the following lines, then a line EOF)
          Replace the todo list. The JSON is {"todos": [ {content, activeForm, status}, ... ]}:
          content     what to do ("Run the tests"), non-blank
          activeForm  the same in the present continuous ("Running the tests"), non-blank
          status      pending | in_progress | completed
          No other keys are allowed. {"todos":[]} clears the list. Limits: SYNAPSE_TODO_MAX_ITEMS items
          (default 50), SYNAPSE_TODO_MAX_CONTENT_LENGTH characters per text (default 200).
        USAGE: TodoWrite '{"todos":[{"content":"Run the tests","activeForm":"Running the tests","status":"pending"}]}'

        """

  Rule: 每个命令的参数错误都给出原因与它的用法行

    Scenario Outline: <命令> 的用法错误
      Given Router 已就绪
      When 路由命令 `<命令>`
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `Error: <原因>`
      And stderr 应包含 `<用法>`

      Examples:
        | 命令                        | 原因                                                        | 用法                                                                                              |
        | write a.txt                 | missing <path> or <content>                                 | Usage: write <path> <content>   or   write <path> <<'EOF' (lines, then a line EOF)               |
        | write a.txt one two         | expected <path> and one quoted <content>, got 3 arguments   | Usage: write <path> <content>   or   write <path> <<'EOF' (lines, then a line EOF)               |
        | edit tmp.txt banana         | expected 3 arguments (<path> <old text> <new text>) and an optional --all, got 2 | Usage: edit <path> <old text> <new text> [--all]                                      |
        | edit tmp.txt "" apple       | <old text> must not be empty                                | Usage: edit <path> <old text> <new text> [--all]                                                  |
        | glob "*" . extra            | too many arguments                                          | Usage: glob <pattern> [directory]                                                                 |
        | search a . -x               | unknown option -x                                           | Usage: search <regex> [path] [-i] [--glob <pattern>]                                              |
        | search "a(" .               | invalid regular expression (RE2 syntax: no lookaround or backreferences): | Usage: search <regex> [path] [-i] [--glob <pattern>]                                |
        | TodoWrite '{}' '{}'         | expected the JSON as one single-quoted argument             | USAGE: TodoWrite '{"todos":[{"content":"Run the tests","activeForm":"Running the tests","status":"pending"}]}' |
        | TodoWrite "{                | Unterminated double quote (quote the JSON in single quotes) | USAGE: TodoWrite                                                                                  |
        | TodoWrite 'not json'        | Invalid JSON format:                                        | USAGE: TodoWrite                                                                                  |
        | TodoWrite [1, 2]            | Invalid todo list:\n- (root): Expected a JSON object      | USAGE: TodoWrite                                                                                  |

    Scenario Outline: heredoc 形式的用法错误：<情形>
      Given Router 已就绪
      When 路由命令:
        """
        <首行>
        body
        <末行>
        """
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `Error: <原因>`

      Examples:
        | 情形                           | 首行                      | 末行 | 原因                                                     |
        | write 的 heredoc 没有结束行     | write a.txt <<'EOF'       | end  | Unterminated heredoc: expected a line holding only EOF   |
        | write 在 << 前有两个词          | write a.txt more <<'EOF'  | EOF  | the heredoc form takes exactly one <path> before <<      |
        | TodoWrite 的 heredoc 没有结束行 | TodoWrite <<'EOF'         | end  | Unterminated heredoc: expected a line holding only EOF   |
        | TodoWrite 与 << 之间有文字      | TodoWrite list <<'EOF'    | EOF  | nothing may come between TodoWrite and <<                |

  Rule: 每种文件系统错误都有一句说明路径的话

    Scenario Outline: 文件系统报告 <错误> 时模型看到 "<说明>"
      When 访问 `notes/a.txt` 时文件系统报告错误码 <错误>
      Then 命令结果应为 stdout ""、stderr "<说明>\n"、退出码 1
      And 命令结果的失败类别应为 `execution_error`

      Examples:
        | 错误    | 说明                                                          |
        | ENOENT  | File not found: notes/a.txt                                   |
        | ENOTDIR | File not found: notes/a.txt                                   |
        | EISDIR  | Is a directory: notes/a.txt (list it with glob or ls)         |
        | EACCES  | Permission denied: notes/a.txt                                |
        | EPERM   | Permission denied: notes/a.txt                                |
        | EIO     | Cannot access notes/a.txt: EIO: simulated failure, open 'notes/a.txt' |

    Scenario Outline: 抛出的不是 Error（<值>）时也给出说明而不是再抛出
      When 访问 `a.txt` 时抛出的不是 Error 而是 <值>
      Then 命令结果应为 stdout ""、stderr "Cannot access a.txt: <说明>\n"、退出码 1

      Examples:
        | 值        | 说明      |
        | "boom"    | boom      |
        | undefined | undefined |

  Rule: glob 从模式的字面前缀开始遍历，结果相对于给定的目录

    Scenario Outline: glob <模式> <目录>
      Given Router 已就绪
      And 工作区中有文件 "src/a.ts, src/lib/b.ts, node_modules/m/index.ts, .git/HEAD"
      And 命令里的 `{workspace}` 是工作区的绝对路径
      When 路由命令 `glob "<模式>" <目录>`
      Then 标准输出应为:
        """
        <输出>

        """

      Examples:
        | 模式                    | 目录 | 输出                                       |
        | *.ts                    | src  | a.ts                                       |
        | **/*.ts                 | src  | a.ts\nlib/b.ts                              |
        | src/lib/b.ts            |      | src/lib/b.ts                               |
        | src/lib/c.ts            |      | No files match src/lib/c.ts                |
        | node_modules/**         |      | node_modules/m/index.ts                    |
        | .git/*                  |      | .git/HEAD                                  |
        | {workspace}/src/*.ts    | src  | {workspace}/src/a.ts                       |
        | /tmp.tx?                |      | No files match /tmp.tx?                    |
        | **/index.ts             |      | No files match **/index.ts                 |
        | **/node_modules/**      |      | node_modules/m/index.ts                    |
        | **/.git/*               |      | .git/HEAD                                  |

    Scenario: glob 最多列出 1000 个路径，并说明还有更多
      Given Router 已就绪
      And 工作区目录 `many` 里有 1001 个文件
      When 路由命令 `glob "many/*.txt"`
      Then 标准输出应有 1001 行，最后一行是 "[more than 1000 matches; narrow the pattern]"
      When 路由命令 `glob "many/f0*.txt"`
      Then 标准输出应有 1000 行，最后一行是 "many/f0999.txt"

  Rule: search 跳过不该读的文件，结果有上限

    Scenario: search 最多列出 500 处匹配，并说明还有更多
      Given Router 已就绪
      And 工作区文件 `hits.txt` 有 501 行 "hit"
      When 路由命令 `search hit hits.txt`
      Then 标准输出应有 501 行，最后一行是 "[more than 500 matches; narrow the search]"

    Scenario: search 恰好 500 处匹配时全部列出
      Given Router 已就绪
      And 工作区文件 `hits.txt` 有 500 行 "hit"
      When 路由命令 `search hit`
      Then 标准输出应有 500 行，最后一行是 "hits.txt:500: hit"

    Scenario: search 把超过 300 个字符的行截断
      Given Router 已就绪
      And 工作区文件 `long.txt` 是一行 400 个 "a" 再加一个 "!"
      When 路由命令 `search "!" long.txt`
      Then 标准输出应有 1 行
      And 标准输出的第 1 行应为 "long.txt:1: " 后接 300 个 "a" 与 "…"

    Scenario: search 跳过二进制文件、超过 2 MB 的文件、FIFO、.git 与 node_modules
      Given Router 已就绪
      And 工作区文件 `text.txt` 的内容为 "needle\n"
      And 工作区文件 `binary.bin` 的内容为 "needle\u0000\n"
      And 工作区文件 `big.txt` 是一行 2097146 个 "a" 再加一个 "needle"
      And 工作区文件 `limit.txt` 是一行 2097145 个 "a" 再加一个 "needle"
      And 工作区文件 `.git/config` 的内容为 "needle\n"
      And 工作区文件 `node_modules/m/index.js` 的内容为 "needle\n"
      And 工作区里有一个 FIFO `pipe`
      When 路由命令 `search NEEDLE$ --ignore-case`
      Then 标准输出应有 2 行，最后一行是 "text.txt:1: needle"
      And 标准输出的第 1 行应为 "limit.txt:1: " 后接 300 个 "a" 与 "…"

    Scenario: search 默认在当前目录中查找，没有匹配时这样说
      Given Router 已就绪
      When 路由命令 `search nothing-here`
      Then 命令结果应为 stdout "No matches for /nothing-here/ in .\n"、stderr ""、退出码 0

  Rule: 扩展命令 task:、mcp:、skill: 的边界

    Scenario: task:<类型> --help 说明怎样委派子代理
      Given Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `task:general --help`
      Then 标准输出应为:
        """
        task:<type> --prompt "<what to do>" [--description "<short title>"] [--model <name>] [--max-turns N]
          Delegate work to a sub-agent of the given type (for example task:general, task:explore).
          -p is short for --prompt, -d for --description. Without --prompt the remaining words are the prompt.
          --model runs the sub-agent on another model than its parent's; --max-turns bounds its model turns (1-200).
        Example: task:explore -p "Find where the config is loaded" -d "find config loading"

        """

    Scenario Outline: task 命令的用法错误：<情形>
      Given Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `<命令>`
      Then 命令结果应为 stdout ""、stderr "Error: <原因>\nUsage: task:<type> --prompt \"<what to do>\" [--description \"<short title>\"] [--model <name>] [--max-turns N]   (or: task:<type> <prompt words>)\n"、退出码 1
      And 命令结果的失败类别应为 `invalid_usage`

      Examples:
        | 情形                 | 命令                                 | 原因                                           |
        | 没有类型             | task: -p "x"                         | missing task type after task:                  |
        | 类型含非法字符       | task:a/b -p "x"                      | invalid task type \"a/b\"                        |
        | 类型以冒号结尾       | task:skill: -p "x"                   | invalid task type \"skill:\"                     |
        | --prompt 之外还有词  | task:general -p "x" and more         | unexpected arguments besides --prompt: and more |
        | prompt 只有空白      | task:general --prompt "   "          | missing prompt                                 |
        | 引号未闭合           | task:general "oops                   | Unterminated double quote                      |

    Scenario Outline: 没有注入处理器时，<命令> 说明没有配置
      Given Router 已就绪
      When 路由命令 `<命令>`
      Then 命令结果应为 stdout "<stdout>"、stderr "<stderr>"、退出码 <退出码>

      Examples:
        | 命令             | stdout                             | stderr                                                                                 | 退出码 |
        | mcp:list         | No MCP servers are configured.\\n  |                                                                                        | 0      |
        | mcp:files:read a |                                    | Unknown MCP server: files (no MCP servers are configured), so mcp:files:read does not exist\\n | 1      |
        | skill:list       | No skills are installed.\\n        |                                                                                        | 0      |
        | skill:pdf:fill   |                                    | Unknown skill: pdf (no skills are configured)\\n                                       | 1      |

    Scenario Outline: 只有前缀的 <命令> 是用法错误
      Given Router 已就绪
      When 路由命令 `<命令> x`
      Then 命令结果应为 stdout ""、stderr "Error: <原因>\nUsage: <命令> [arguments...]\n"、退出码 1

      Examples:
        | 命令   | 原因                                                        |
        | mcp:   | expected mcp:list or mcp:<server>:<tool>                    |
        | skill: | expected skill:list, skill:search, skill:load or skill:<name> |

    Scenario: mcp 命令的一个 JSON 对象参数原样传给处理器，其余按 Shell 规则拆分
      Given Router 注入了只认识服务器 "files" 的 MCP 处理器
      When 路由命令 `mcp:files:write {"text": "it's here", "n": 1}`
      Then 命令结果应为 stdout "files/write ['{\"text\": \"it's here\", \"n\": 1}']\n"、stderr ""、退出码 0
      When 路由命令 `mcp:files:write {not json} "two words"`
      Then 命令结果应为 stdout "files/write ['{not','json}','two words']\n"、stderr ""、退出码 0
      When 路由命令 `mcp:files:write "unclosed`
      Then 命令结果应为 stdout ""、stderr "Error: Unterminated double quote\nUsage: mcp:files:write [arguments...]\n"、退出码 1

  Rule: read 与 edit 的边界

    Scenario Outline: read <情形>
      Given Router 已就绪
      And 工作区文件 `note.txt` 的内容为 "one\ntwo\nthree"
      And 工作区文件 `data.bin` 的内容为 "PK\u0003\u0004\u0000\u0000zip"
      When 路由命令 `<命令>`
      Then 命令结果应为 stdout "<stdout>"、stderr "<stderr>"、退出码 <退出码>

      Examples:
        | 情形                           | 命令                         | stdout                                  | stderr                                              | 退出码 |
        | 读到没有换行结尾的最后一行     | read note.txt                | \\u0020    1\\tone\\n     2\\ttwo\\n     3\\tthree | | 0      |
        | 分页读到没有换行结尾的最后一行 | read note.txt --offset 3     | \\u0020    3\\tthree\\n[lines 3-3 of 3.]\\n |                                        | 0      |
        | 两位数的选项值                 | read note.txt --offset 2 --limit 10 | \\u0020    2\\ttwo\\n     3\\tthree\\n[lines 2-3 of 3.]\\n |               | 0      |
        | 从第 1 行起没读完              | read note.txt --limit 2      | \\u0020    1\\tone\\n     2\\ttwo\\n[lines 1-2 of 3. Continue with: read note.txt --offset 3 --limit 2]\\n | | 0 |
        | --offset 超过末尾是空窗口与一行说明 | read note.txt --offset 4 | [--offset 4 is past the end: note.txt has 3 lines]\\n |                         | 0      |
        | 二进制文件                     | read data.bin                |                                         | Cannot read data.bin: it is a binary file\\n        | 1      |

    Scenario: 巨大的文件只数到上限为止，总行数说成“超过”
      Given Router 已就绪
      And 工作区文件 `big.log` 有 1000 行 "0123456789"，之后是到 80 MB 的空洞
      When 路由命令 `read big.log --limit 1`
      Then 命令结果应为 stdout "     1\t0123456789\n[lines 1-1 of more than 1001. Continue with: read big.log --offset 2 --limit 1]\n"、stderr ""、退出码 0

    Scenario: 超过 16 MB 的文件 edit 拒绝载入，并建议别的办法
      Given Router 已就绪
      And 工作区文件 `huge.txt` 有 1 行 "old"，之后是到 17 MB 的空洞
      When 路由命令 `edit huge.txt old new`
      Then 命令结果应为 stdout ""、stderr "Cannot edit huge.txt: it is 17825792 bytes, over the 16 MB edit limit; use sed or a script\n"、退出码 1

    Scenario: 扩展处理器收到 Shell 的当前目录与只读标志，并能在路由器的 Shell 中运行命令
      Given Router 注入了报告调用选项并在 Shell 中运行参数的 skill 处理器
      When 路由命令 `mkdir -p sub && cd sub`
      And 路由命令 `skill:demo:run pwd`
      Then 标准输出应为:
        """
        target=demo:run
        cwd={workspace}/sub
        readOnly=false
        aborted=false
        shell exit 0: {workspace}/sub

        """

    Scenario: 只读路由器里的扩展处理器知道自己只读，它要运行的命令被拒绝
      Given Router 注入了报告调用选项并在 Shell 中运行参数的 skill 处理器（只读）
      When 路由命令 `skill:demo:run touch made.txt`
      Then 标准输出应以 `target=demo:run` 开头
      And 命令输出应包含 "readOnly=true"
      And 命令输出应包含 "shell exit 1: read-only: a skill script may change files, which is not allowed here."
      And 工作区中不应存在文件 `made.txt`

    Scenario: 子代理执行器收到去掉首尾空白的命令与取消信号；工厂抛出的不是 Error 时说明类型未知
      Given Router 注入了报告所收请求与取消信号的 SubAgent 执行器
      When 路由命令 `task:general -p "look around"   `
      Then 命令结果应为 stdout "[task:general -p \"look around\"] signal: given\n"、stderr ""、退出码 0
      When 路由命令 `task:broken -p "anything"`
      Then 命令结果应为 stdout ""、stderr "Unknown task type: broken\n"、退出码 1
      And 命令结果的失败类别应为 `command_not_found`

    Scenario Outline: 只有单独的 --help 或 -h 才是求助：<命令>
      Given Router 注入了报告所收请求与取消信号的 SubAgent 执行器
      When 路由命令 `<命令>`
      Then 标准输出应以 `<输出开头>` 开头

      Examples:
        | 命令                         | 输出开头                                  |
        | task:general  -h             | task:<type> --prompt                      |
        | read  -h                     | read <path>                               |

    Scenario Outline: 与别的词连在一起的 --help 是未知选项：<命令>
      Given Router 注入了报告所收请求与取消信号的 SubAgent 执行器
      When 路由命令 `<命令>`
      Then 退出码应为 `1`
      And stderr 应包含 `Error: unknown option <选项>`

      Examples:
        | 命令                         | 选项       |
        | task:general explain --help  | --help     |
        | task:general --helpful       | --helpful  |
        | read tmp.txt --help          | --help     |

    Scenario Outline: 不以 { 开头的扩展参数按 Shell 规则拆分，即使它是 JSON：<参数>
      Given Router 注入了只认识服务器 "files" 的 MCP 处理器
      When 路由命令 `mcp:files:write <参数>`
      Then 命令结果应为 stdout "files/write [<收到>]\n"、stderr ""、退出码 0

      Examples:
        | 参数          | 收到            |
        | "two words"   | 'two words'     |
        | [1, 2]        | '[1,','2]'      |

    Scenario: 只读路由器里 glob 照常列出文件
      Given 只读的 Router 已就绪
      When 路由命令 `glob "*.txt"`
      Then 命令结果应为 stdout "tmp.txt\n"、stderr ""、退出码 0

    Scenario: Shell 的当前目录被删除后，glob 说没有匹配
      Given Router 已就绪
      When 路由命令 `mkdir gone && cd gone && rmdir ../gone`
      And 路由命令 `glob "*"`
      Then 命令结果应为 stdout "No files match *\n"、stderr ""、退出码 0

    @bwrap
    Scenario: glob 不进入沙箱隐藏的目录
      Given Router 已就绪
      And 宿主的 /tmp 里有另一个文件
      When 路由命令 `glob "/t*/synapse-spec-other-*/secret.txt"`
      Then 命令结果应为 stdout "No files match /t*/synapse-spec-other-*/secret.txt\n"、stderr ""、退出码 0

    Scenario: search 保留恰好 300 个字符的行
      Given Router 已就绪
      And 工作区文件 `edge.txt` 是一行 299 个 "a" 再加一个 "!"
      When 路由命令 `search "!" edge.txt`
      Then 标准输出应有 1 行
      And 标准输出的第 1 行应为 "edge.txt:1: " 后接 299 个 "a" 与 "!"

    Scenario: 只有一行且被截断时，read 仍然给出行号与截断说明
      Given Router 已就绪
      And 工作区文件 `wide.txt` 是一行 2000 个 "a" 再加一个 "!"
      When 路由命令 `read wide.txt`
      Then 标准输出应有 2 行，最后一行是 "[lines 1-1 of 1.]"
      And 标准输出的第 1 行应为 "     1\t" 后接 2000 个 "a" 与 "… [line cut: 1 more characters]"

    Scenario: 恰好 16 MB 的文件仍可 edit
      Given Router 已就绪
      And 工作区文件 `edge.txt` 有 1 行 "old"，之后是到 16 MB 的空洞
      When 路由命令 `edit edge.txt old new`
      Then 命令结果应为 stdout "Edited edge.txt: replaced 1 occurrence\n"、stderr ""、退出码 0

    Scenario: edit 按字符而不是字节寻找多字节文本
      Given Router 已就绪
      And 工作区文件 `u.txt` 的内容为 "ééé"
      When 路由命令 `edit u.txt éé x`
      Then 命令结果应为 stdout "Edited u.txt: replaced 1 occurrence\n"、stderr ""、退出码 0
      And 工作区文件 `u.txt` 的内容应为 "xé"

    Scenario: 第一个文件恰好 500 处匹配时，search 仍看下一个文件并说明还有更多
      Given Router 已就绪
      And 工作区文件 `a.txt` 有 500 行 "hit"
      And 工作区文件 `b.txt` 有 1 行 "hit"
      When 路由命令 `search hit`
      Then 标准输出应有 501 行，最后一行是 "[more than 500 matches; narrow the search]"

    Scenario: 几千行的文件在默认时限内搜完
      Given Router 已就绪
      And 工作区文件 `log.txt` 有 12000 行 "nothing to see"
      When 路由命令 `search needle log.txt`
      Then 命令结果应为 stdout "No matches for /needle/ in log.txt\n"、stderr ""、退出码 0
