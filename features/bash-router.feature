@own @tools
Feature: Bash 路由器与原生 Shell 会话
  文档只规定了路由层的几个行为。这里规定留白的部分：原生会话的持久性、输出与退出码、
  超时与取消后的恢复、关闭、`bash` 前缀的保留条件、Agent 命令的路径与参数、只读模式、
  扩展层（task/mcp/skill）以及 Bash 工具对非法参数的处理。每个场景都用真实的 bash 与真实文件。

  Rule: 原生 Shell 会话是持久的，结果忠实于命令本身

    Scenario: `cd` 与 `export` 在命令之间保持，路由器报告 Shell 的当前目录
      Given Router 已就绪
      When 路由命令 `mkdir -p nested && cd nested && export GREETING=hi`
      And 路由命令 `pwd; echo "$GREETING"`
      Then 标准输出应为:
        """
        {workspace}/nested
        hi

        """
      And 路由器的当前目录应为工作区下的 `nested`

    Scenario: stdout 与 stderr 分别完整捕获，退出码属于命令自己
      Given Router 已就绪
      When 路由命令 `printf 'out'; echo err >&2; (exit 3)`
      Then 命令结果应为 stdout "out"、stderr "err\n"、退出码 3

    Scenario: 命令读不到标准输入，不会挂起
      Given Router 已就绪
      When 路由命令 `cat; read line; echo "done:$line"`
      Then 命令结果应为 stdout "done:\n"、stderr ""、退出码 0

    Scenario: 超大输出被截断并明确标注省略的字节数
      Given Router 已就绪
      When 路由命令 `head -c 1000000 /dev/zero | tr '\0' x`
      Then 标准输出应带截断标记，保留的字节数与省略的字节数之和为 1000000

    Scenario: 命令执行 `exit` 结束会话后，下一条命令在原目录的新会话中执行
      Given Router 已就绪
      When 路由命令 `mkdir -p nested && cd nested`
      And 路由命令 `exit 4`
      Then 退出码应为 `4`
      And stderr 应包含 `the next command starts a new shell session`
      When 路由命令 `pwd`
      Then 标准输出应为:
        """
        {workspace}/nested

        """

    Scenario: 超时的命令被杀死并保留已有输出，会话随后可用
      Given Router 已就绪
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=300`
      When 路由命令 `echo started; sleep 5`
      Then 命令结果应为 stdout "started\n"、退出码 124
      And stderr 应包含 `timed out after 300 ms`
      And 命令应在 2000 毫秒内结束
      When 路由命令 `echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

    Scenario: 比计时器能等的更长的时限（约 24.8 天以上）就是不限时，而不是立刻超时
      Given Router 已就绪
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=99999999999`
      When 路由命令 `sleep 0.2; echo finished`
      Then 命令结果应为 stdout "finished\n"、stderr ""、退出码 0

    Scenario: 通过 AbortSignal 取消 Bash 工具会杀死命令的整个进程组
      Given Router 已就绪
      When 用 AbortSignal 调用 Bash 工具执行 `sleep 30 & echo $! > sleep.pid; wait` 并在它启动后中止
      Then Bash 工具结果应为中断错误，退出码 130
      And `sleep.pid` 记录的进程应已结束
      When 路由命令 `echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

    Scenario: 在重启阶段就被取消的命令根本不会执行
      Given Router 已就绪
      When 以 restart=true 路由命令 `touch ran.txt` 并立即取消
      Then 退出码应为 `130`
      When 路由命令 `ls`
      Then 工作区中不应存在文件 `ran.txt`

    Scenario: `close()` 之后 Shell 及其启动的进程都不再运行
      Given Router 已就绪
      When 路由命令 `echo $$ > shell.pid; sleep 30 & echo $! > sleep.pid`
      And 关闭路由器
      Then `shell.pid` 记录的进程应已结束
      And `sleep.pid` 记录的进程应已结束

    Scenario Outline: 真正的 bash 用法不去掉 `bash` 前缀：<用法>
      Given Router 已就绪
      And 工作区文件 `script.sh` 的内容为 "echo from-script"
      When 路由命令 `<命令>`
      Then 命令结果应为 stdout "<输出>\n"、stderr ""、退出码 0

      Examples:
        | 用法       | 命令                      | 输出        |
        | 带选项     | bash -c 'echo from-c'     | from-c      |
        | 运行脚本   | bash script.sh            | from-script |
        | 误加的前缀 | bash echo from-prefix     | from-prefix |
        | 误加的前缀后有几个空格 | bash   echo spaced   | spaced      |

  Rule: Agent 命令在 Node 中执行，路径相对 Shell 的当前目录

    Scenario: write、edit、read 跟随 `cd` 后的目录
      Given Router 已就绪
      When 路由命令 `mkdir -p nested && cd nested`
      And 路由命令 `write note.txt "hello world"`
      And 路由命令 `edit note.txt world there`
      Then 工作区文件 `nested/note.txt` 的内容应为 "hello there"
      When 路由命令 `read note.txt`
      Then 命令结果应为 stdout "     1\thello there"、stderr ""、退出码 0

    Scenario: heredoc 形式的 write 原样写入多行内容
      Given Router 已就绪
      When 路由命令:
        """
        write docs/a.md <<'EOF'
        # Title $HOME
          `code` and "quotes"
        EOF
        """
      Then 退出码应为 `0`
      And 工作区文件 `docs/a.md` 的内容应为 "# Title $HOME\n  `code` and \"quotes\"\n"

    Scenario Outline: edit 在旧文本<情形>时明确失败且不改动文件
      Given Router 已就绪
      And 工作区文件 `e.txt` 的内容为 "one two one"
      When 路由命令 `edit e.txt <旧文本> zero`
      Then 退出码应为 `1`
      And stderr 应包含 `<说明>`
      And 命令结果的失败类别应为 `execution_error`
      And 工作区文件 `e.txt` 的内容应为 "one two one"

      Examples:
        | 情形     | 旧文本 | 说明                                     |
        | 不存在   | three  | Text to replace not found in e.txt       |
        | 出现两次 | one    | ambiguous: it occurs 2 times in e.txt    |

    Scenario: read 按 --offset 与 --limit 分页并说明如何继续
      Given Router 已就绪
      And 工作区文件 `lines.txt` 的内容为 "l1\nl2\nl3\nl4\nl5\n"
      When 路由命令 `read lines.txt --offset 2 --limit 2`
      Then 命令结果应为 stdout "     2\tl2\n     3\tl3\n[lines 2-3 of 5. Continue with: read lines.txt --offset 4 --limit 2]\n"、stderr ""、退出码 0

    Scenario: glob 与 search 在 Node 中遍历文件，跳过 node_modules
      Given Router 已就绪
      And 工作区文件 `src/a.ts` 的内容为 "export const alpha = 1;\n"
      And 工作区文件 `src/deep/b.ts` 的内容为 "const beta = alpha;\n"
      And 工作区文件 `node_modules/x/c.ts` 的内容为 "alpha\n"
      When 路由命令 `glob "src/**/*.ts"`
      Then 标准输出应为:
        """
        src/a.ts
        src/deep/b.ts

        """
      When 路由命令 `search "alpha\b" --glob "**/*.ts"`
      Then 标准输出应为:
        """
        src/a.ts:1: export const alpha = 1;
        src/deep/b.ts:1: const beta = alpha;

        """

    Scenario Outline: search 的选项：<情形>
      Given Router 已就绪
      And 工作区文件 `notes/a.txt` 的内容为 "Alpha\nbeta\n"
      When 路由命令 `<命令>`
      Then 标准输出应为:
        """
        <输出>

        """

      Examples:
        | 情形                                   | 命令                                    | 输出                        |
        | -i 不区分大小写                        | search -i "^alpha" notes                | notes/a.txt:1: Alpha        |
        | 默认区分大小写                         | search "^alpha" notes                   | No matches for /^alpha/ in notes |
        | 单个文件也按 --glob 过滤（相对当前目录） | search beta notes/a.txt --glob "notes/*" | notes/a.txt:2: beta         |
        | 单个文件不匹配 --glob 时不搜索         | search beta notes/a.txt --glob "*.md"   | No matches for /beta/ in notes/a.txt |

    Scenario Outline: 每个 Agent 命令都有 --help：<命令>
      Given Router 已就绪
      When 路由命令 `<命令> --help`
      Then 退出码应为 `0`
      And 标准输出应以 `<命令>` 开头

      Examples:
        | 命令      |
        | read      |
        | write     |
        | edit      |
        | glob      |
        | search    |
        | TodoWrite |

    Scenario Outline: Bash 工具的失败分类：<命令>
      Given Router 已就绪
      When 通过 Bash 工具执行 `<命令>`
      Then Bash 工具结果应为失败，类别 `<类别>`，退出码 <退出码>
      And Bash 工具消息应包含 `<文本>`

      Examples:
        | 命令                        | 类别              | 退出码 | 文本                                  |
        | read /missing               | execution_error   | 1      | File not found: /missing              |
        | read                        | invalid_usage     | 1      | Usage: read <path>                    |
        | read tmp.txt \| head        | invalid_usage     | 1      | shell operator \| is not supported    |
        | write only-a-path.txt       | invalid_usage     | 1      | Usage: write <path> <content>         |
        | definitely-not-a-command-x  | command_not_found | 127    | definitely-not-a-command-x: command not found |
        | ls ./no-such-entry          | execution_error   | 2      | [stderr]                              |
        | search                      | invalid_usage     | 1      | missing <regex>                       |
        | search a b c                | invalid_usage     | 1      | too many arguments                    |
        | search a ./no-such-dir      | execution_error   | 1      | File not found: ./no-such-dir         |
        | glob                        | invalid_usage     | 1      | missing <pattern>                     |
        | glob "*" tmp.txt            | invalid_usage     | 1      | tmp.txt is not a directory            |
        | glob "*" ./no-such-dir      | execution_error   | 1      | File not found: ./no-such-dir         |

  Rule: 只读路由器拒绝一切改动文件的命令

    Scenario Outline: 只读模式拒绝 `<命令>`
      Given 只读的 Router 已就绪
      When 路由命令 `<命令>`
      Then 退出码应为 `1`
      And stderr 应包含 `read-only`
      And 命令结果的失败类别应为 `invalid_usage`
      And 工作区文件 `tmp.txt` 的内容应为 "a banana and a cat\n"

      Examples:
        | 命令                          |
        | write tmp.txt replaced        |
        | edit tmp.txt banana apple     |
        | TodoWrite '{"todos":[]}'      |
        | echo replaced > tmp.txt       |
        | echo more >> tmp.txt          |
        | rm tmp.txt                    |
        | sed -i "s/a/b/g" tmp.txt      |
        | cat tmp.txt \| tee tmp.txt    |
        | mv tmp.txt moved.txt          |

    Scenario Outline: 只读模式允许只读的命令 `<命令>`
      Given 只读的 Router 已就绪
      When 路由命令 `<命令>`
      Then 退出码应为 `0`

      Examples:
        | 命令                        |
        | cat tmp.txt                 |
        | ls -la 2>/dev/null          |
        | grep -c banana tmp.txt 2>&1 |
        | read tmp.txt                |
        | search banana               |

  Rule: 扩展层：task、mcp 与 skill

    Scenario Outline: task 命令解析为 TaskRequest 交给子代理执行器：<写法>
      Given Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `<命令>`
      Then 退出码应为 `0`
      And 子代理执行器收到的请求应为类型 "<类型>"、prompt "<prompt>"、description "<description>"

      Examples:
        | 写法          | 命令                                                          | 类型         | prompt           | description |
        | 长选项        | task:general --prompt "fix the bug" --description "bug fix"   | general      | fix the bug      | bug fix     |
        | 短选项        | task:explore -p 'find the config' -d short                    | explore      | find the config  | short       |
        | 余下的词      | task:skill:search some words here                             | skill:search | some words here  |             |

    Scenario: 执行器工厂不认识的 task 类型返回它的错误信息
      Given Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `task:nope -p "anything"`
      Then 退出码应为 `1`
      And stderr 应包含 `Unknown task type: nope`

    Scenario: 缺少 prompt 的 task 命令是用法错误
      Given Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `task:general --description "no prompt"`
      Then 退出码应为 `1`
      And stderr 应包含 `missing prompt`
      And 命令结果的失败类别应为 `invalid_usage`

    Scenario: mcp 命令交给注入的处理器，参数按 Shell 规则拆分
      Given Router 注入了只认识服务器 "files" 的 MCP 处理器
      When 路由命令 `mcp:files:list '{"path": "."}' --all`
      Then 命令结果应为 stdout "files/list ['{\"path\": \".\"}','--all']\n"、stderr ""、退出码 0
      When 路由命令 `mcp:other:list`
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `command_not_found`

    Scenario: 抛出异常的扩展处理器变成错误结果而不是异常
      Given Router 注入了会抛出异常的 skill 处理器
      When 通过 Bash 工具执行 `skill:broken`
      Then Bash 工具结果应为失败，类别 `execution_error`，退出码 1
      And Bash 工具消息应包含 `skill:broken failed: the skill exploded`

  Rule: Bash 工具的定义与参数校验

    Scenario: 工具定义只有一个必填的字符串参数 command，并介绍所有命令形式
      Then Bash 工具的定义应只有必填字符串参数 `command`
      And Bash 工具的描述应提到 "read, write, edit, glob, search, TodoWrite, task:, mcp:, skill:"

    Scenario Outline: 非法的工具参数 <参数> 返回 invalid_usage 而不抛出
      Given Router 已就绪
      When 以 JSON 参数 `<参数>` 调用 Bash 工具
      Then Bash 工具结果应为失败，类别 `invalid_usage`
      And Bash 工具消息应包含 `<文本>`

      Examples:
        | 参数                 | 文本                                   |
        | null                 | expected an object                     |
        | "ls"                 | expected an object                     |
        | {}                   | "command" must be a string (got nothing) |
        | {"command": 5}       | "command" must be a string (got number) |
        | {"command": "  "}    | the command is empty                   |
        | {"command": "Bash ls"} | Bash(command="ls")                   |
