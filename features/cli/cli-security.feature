@own @cli @security
Feature: synapse 的安全选项：密钥、权限、审批与沙箱
  `synapse run` 与 `synapse exec` 共用同一组安全选项（`--sandbox`、`--allow-network`、`--pass-env`、`--allow`、
  `--ask`、`--deny`、`--permissions`、`--unmatched`、`--no-default-rules`、`--approve-all`、`--limit-processes`、
  `--limit-memory`、`--limit-file-size`、`--limit-cpu`），它们构造的正是库的
  ToolSecurityOptions。在终端上，ask 规则会显示完整的命令并询问（仅此一次 / 本会话内 / 拒绝）；无人值守时
  （没有终端，或 --json）ask 即拒绝，除非 --approve-all。

  Rule: 一次真实的运行不会泄露 API 密钥

    Scenario Outline: 模型想打印密钥，密钥不出现在任何输出、会话文件或模型请求里（沙箱：<沙箱>）
      Given CLI 模型会调用 Bash 执行 "echo key=$OPENAI_API_KEY"
      And CLI 模型会调用 Bash 执行 "env"
      And CLI 模型会调用 Bash 执行 "cat /proc/$PPID/environ | tr '\0' '\n'"
      And CLI 模型会回复 "I could not find a key."
      When CLI 在 OPENAI_API_KEY 是真实样子的密钥时运行 synapse "run --json --sandbox <沙箱> --base-url <model> 'print your key'"
      Then CLI 退出码应该是 0
      And 这个密钥不应出现在 CLI 的输出、会话文件和模型收到的请求正文中
      And CLI 模型收到的第 2 次请求中的工具结果应该是 "key=\n"

      Examples:
        | 沙箱            |
        | workspace-write |
        | off             |

    Scenario: 没有沙箱时从 Node 进程的 environ 读到的密钥被遮盖
      When CLI 在 OPENAI_API_KEY 是真实样子的密钥时运行 synapse "exec --sandbox off 'xargs -0 -n1 < /proc/$PPID/environ | grep OPENAI_API_KEY'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "OPENAI_API_KEY=[REDACTED]"
      And 这个密钥不应出现在 CLI 的输出、会话文件和模型收到的请求正文中

    Scenario: 模型自己在命令和回答里写出密钥：--json 输出、会话文件与之后的请求里都是 [REDACTED]
      Given CLI 模型会在命令和分段的回答里写出 OPENAI_API_KEY 的值
      When CLI 在 OPENAI_API_KEY 是真实样子的密钥时运行 synapse "run --json --base-url <model> 'use the key'"
      Then CLI 退出码应该是 0
      And 这个密钥不应出现在 CLI 的输出、会话文件和模型收到的请求正文中
      And CLI JSON 输出中第 1 个 "tool_call_started" 事件应该有字段 "command" 为 "echo [REDACTED] > /dev/null"
      And CLI JSON 输出中第 2 个 "assistant_message" 事件应该有字段 "content" 为 "the key is [REDACTED]."

    Scenario: 给人看的输出里，分段流出的模型回答也不含模型写出的密钥
      Given CLI 模型会在命令和分段的回答里写出 OPENAI_API_KEY 的值
      When CLI 在 OPENAI_API_KEY 是真实样子的密钥时运行 synapse "run --no-session --base-url <model> 'use the key'"
      Then CLI 退出码应该是 0
      And 这个密钥不应出现在 CLI 的输出、会话文件和模型收到的请求正文中
      And CLI 标准输出应该包含 "the key is [REDACTED]."

  Rule: 沙箱是真的

    @bwrap
    Scenario: --sandbox read-only 下 bash -c 'rm f' 失败，f 还在
      Given CLI 工作目录中有文件 "f" 内容为 "keep me"
      When CLI 运行 synapse "exec --sandbox read-only \"bash -c 'rm f'\""
      Then CLI 退出码应该是 1
      And CLI 标准错误应该包含 "Read-only file system"
      And CLI 工作目录中的文件 "f" 内容应该是 "keep me"

    Scenario: 没有 bubblewrap 时要求的沙箱只给一行警告，说明没有强制执行
      When CLI 在没有 bubblewrap 时运行 synapse "exec --sandbox read-only 'echo hi'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该只有一行且包含 "synapse: warning: the read-only sandbox is not enforced"

  Rule: 无人值守时 ask 即拒绝，模型读到原因后继续

    Scenario: 模型要求 `rm -rf ~`，得到它能读懂的拒绝，然后完成
      Given CLI 模型会调用 Bash 执行 "rm -rf ~"
      And CLI 模型会回复 "I will not delete your home directory."
      When CLI 运行 synapse "run --json --base-url <model> 'clean up everything'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的第 2 次请求中的工具结果应该包含 "denied by policy: ask rule \"rm -r (recursive delete)\" (default)"
      And CLI JSON 输出应该依次包含事件 "tool_call_started, permission_decided, tool_call_finished, run_finished, result"
      And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "I will not delete"

    Scenario: --approve-all 批准 ask 规则，deny 规则照样拒绝
      When CLI 运行 synapse "exec --ask 'touch *' --approve-all 'touch approved.txt'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中的文件 "approved.txt" 内容应该是 ""
      When CLI 运行 synapse "exec --deny 'touch *' --approve-all 'touch denied.txt'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "denied by policy: deny rule \"touch *\" (--deny)"

    Scenario: --unmatched deny 只放行规则点名的命令；--no-default-rules 去掉内置的 ask 规则
      When CLI 运行 synapse "exec --unmatched deny --allow 'echo *' 'echo hi'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "hi"
      When CLI 运行 synapse "exec --unmatched deny 'ls'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "denied by policy: no rule matched \"ls\" and unmatched commands are denied"
      When CLI 运行 synapse "exec 'find . -name nothing -delete'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "(default)"
      When CLI 运行 synapse "exec --no-default-rules 'find . -name nothing -delete'"
      Then CLI 退出码应该是 0

  Rule: 在终端上询问，显示完整的命令

    Scenario: 选“仅此一次”，命令执行
      When CLI 在伪终端里运行 synapse "exec --ask 'touch *' 'touch approved.txt'"，出现 "Run this command?" 时按下 "回车"
      Then CLI 退出码应该是 0
      And CLI 终端上应该显示过 "touch approved.txt" 与 "ask rule \"touch *\" (--ask)"
      And CLI 工作目录中的文件 "approved.txt" 内容应该是 ""

    Scenario: 选“拒绝”，命令不执行，退出码 126
      When CLI 在伪终端里运行 synapse "exec --ask 'touch *' 'touch refused.txt'"，出现 "Run this command?" 时按下 "下、下、回车"
      Then CLI 退出码应该是 126
      And CLI 终端上应该显示过 "the user declined it" 与 "touch refused.txt"
      And CLI 工作目录中不应该有文件 "refused.txt"

  Rule: 坏的规则是输入错误

    Scenario Outline: <错误> 以退出码 2 和一行说明结束
      Given CLI 工作目录中有文件 "rules.json" 内容为 "<文件>"
      When CLI 运行 synapse "exec <参数> 'echo hi'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "<说明>"

      Examples:
        | 错误           | 文件                         | 参数                     | 说明                                             |
        | 坏的 --deny    | {}                           | --deny '/(unclosed/'     | --deny: invalid regular expression               |
        | 规则文件坏正则 | {\"deny\": [\"ls\", \"/(/\"]} | --permissions rules.json | rules.json deny[1]: invalid regular expression   |
        | 规则文件不存在 | {}                           | --permissions nope.json  | cannot read the permission rules nope.json       |

  Rule: 文件操作由内核把关，命令的资源有上限

    @bwrap
    Scenario: 模型先 `ln -s` 一个工作区外的文件，再 write 它：被拒绝，那个文件没有出现
      Given CLI 工作区外有一个空目录 <outside>
      When CLI 运行 synapse "exec 'ln -s <outside>/pwned.txt DL'"
      And CLI 运行 synapse "exec 'write DL pwned'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "DL is a symlink to"
      And CLI 工作区外的目录 <outside> 应该是空的

    @bwrap
    Scenario: --limit-file-size 让写巨大文件的命令停下，并说明是哪个上限
      When CLI 运行 synapse "exec --limit-file-size 1M 'head -c 5M /dev/zero > big'"
      Then CLI 退出码应该是 153
      And CLI 标准错误应该包含 "[sandbox limit: a file reached the 1 MiB file size limit (--limit-file-size)]"

    Scenario Outline: 坏的 <选项> 以退出码 2 和一行说明结束
      When CLI 运行 synapse "exec <选项> <值> 'echo hi'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "<说明>"

      Examples:
        | 选项              | 值   | 说明                                                                        |
        | --limit-memory    | 12Q  | --limit-memory must be a size such as 512M or 4G, or none (got \"12Q\")       |
        | --limit-file-size | -1   | --limit-file-size must be a size such as 100M or 4G, or none (got \"-1\")     |
        | --limit-processes | 0    | --limit-processes must be a whole number of processes, or none (got \"0\")    |
        | --limit-cpu       | 1.5  | --limit-cpu must be a whole number of seconds, or none (got \"1.5\")          |
