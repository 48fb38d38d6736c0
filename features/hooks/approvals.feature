@own @cli @hooks
Feature: 等待批准的运行：--on-ask defer，之后 --approve 或 --reject
  无人值守（没有终端，或 --json）时，需要批准的命令原本只能拒绝。`--on-ask defer` 让运行干净地停在那次工具调用：
  退出码 3，标准错误一行（等什么、怎么回答），NDJSON 的 `result` 带 `stopReason: "approval_required"` 与等待的命令；
  会话保存这一轮（已执行的结果与等待的调用，在 pending-approval.json 里；历史里从不留半轮）。之后另一个进程用
  `synapse run --session <id> --approve <toolCallId>`（或 `--reject`，或 `--continue` 代替 `--session`）执行或拒绝它，
  把这一轮剩下的调用跑完，然后继续。两个进程之间什么都不丢；批准不越过 deny 规则。

  Rule: 停下，之后在另一个进程里批准或拒绝

    Scenario: 停在需要批准的调用上（退出码 3），第二个进程 --approve 后执行它、跑完这一轮并继续
      Given CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      And CLI 模型会在一轮里调用 Bash 执行 `echo before`（id call_before）、`rm -r build`（id call_rm）、`echo after`（id call_after）
      When CLI 运行 synapse "run --json --on-ask defer --base-url <model> 'clean up'"
      Then CLI 退出码应该是 3
      And CLI 标准错误应该只有一行且包含 "synapse: waiting for approval of call_rm: rm -r build (ask rule \"rm -r (recursive delete)\" (default)): synapse run --session session-"
      And CLI JSON 输出的最后一行的 "stopReason" 应该是 "approval_required"
      And CLI JSON 结果里等待批准的应该是 "call_rm" 的 "rm -r build"
      And CLI JSON 输出应该依次包含事件 "tool_call_finished, permission_decided, tool_call_finished, approval_required, run_finished, result"
      And CLI 工作目录中的文件 "build/out.txt" 内容应该是 "x"
      When CLI 记下 JSON 结果中的 sessionId 为 "paused"
      Then CLI 会话 "<paused>" 的历史中每个工具调用都有结果
      And CLI 会话 "<paused>" 应该有等待批准的调用 "call_rm"
      Given CLI 模型会回复 "Cleaned up."
      When CLI 运行 synapse "run --json --session <paused> --approve call_rm --base-url <model>"
      Then CLI 退出码应该是 0
      And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "Cleaned up."
      And CLI 工作目录中不应该有文件 "build/out.txt"
      And CLI 模型收到的第 2 次请求里的工具结果依次应该是 "before\n|(no output)|after\n"
      And CLI 会话 "<paused>" 不应该再有等待批准的调用
      And CLI 会话 "<paused>" 的历史中每个工具调用都有结果

    Scenario: --reject：调用不执行，模型读到用户拒绝了它，运行继续
      Given CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      And CLI 模型会在一轮里调用 Bash 执行 `rm -r build`（id call_rm）
      When CLI 运行 synapse "run --json --on-ask defer --base-url <model> 'clean up'"
      And CLI 记下 JSON 结果中的 sessionId 为 "paused"
      Given CLI 模型会回复 "Left it alone."
      When CLI 运行 synapse "run --json --continue --reject call_rm --base-url <model>"
      Then CLI 退出码应该是 0
      And CLI 工作目录中的文件 "build/out.txt" 内容应该是 "x"
      And CLI 模型收到的第 2 次请求中的工具结果应该包含 "Command not run: the user rejected it"
      And CLI JSON 输出应该依次包含事件 "run_started, permission_decided, tool_call_finished, run_finished, result"

    Scenario: 批准不越过 deny 规则：第二个进程加了 --deny，批准的调用照样被拒绝
      Given CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      And CLI 模型会在一轮里调用 Bash 执行 `rm -r build`（id call_rm）
      When CLI 运行 synapse "run --json --on-ask defer --base-url <model> 'clean up'"
      And CLI 记下 JSON 结果中的 sessionId 为 "paused"
      Given CLI 模型会回复 "Could not."
      When CLI 运行 synapse "run --json --session <paused> --approve call_rm --deny 'rm *' --base-url <model>"
      Then CLI 退出码应该是 0
      And CLI 工作目录中的文件 "build/out.txt" 内容应该是 "x"
      And CLI 模型收到的第 2 次请求中的工具结果应该包含 "denied by policy: deny rule \"rm *\" (--deny)"

  Rule: 不合适的回答是错误输入，什么都不改

    Scenario: 对等待批准的会话发新提示、批准不存在的调用、不指明会话：退出码 2，等待的调用还在
      Given CLI 模型会在一轮里调用 Bash 执行 `rm -r build`（id call_rm）
      When CLI 运行 synapse "run --json --on-ask defer --base-url <model> 'clean up'"
      And CLI 记下 JSON 结果中的 sessionId 为 "paused"
      When CLI 运行 synapse "run --session <paused> --base-url <model> 'something else'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该包含 "the session's last run is waiting for approval of call_rm"
      When CLI 运行 synapse "run --session <paused> --approve call_nope --base-url <model>"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "synapse: call_nope is not waiting for approval (waiting: call_rm)"
      When CLI 运行 synapse "run --approve call_rm --base-url <model>"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该包含 "--approve and --reject answer a paused run: name its session with --session <id>"
      When CLI 运行 synapse "run --session <paused> --approve call_rm --base-url <model> 'and more'"
      Then CLI 退出码应该是 2
      When CLI 运行 synapse "run --on-ask defer --no-session --base-url <model> 'x'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该包含 "--on-ask defer keeps the paused call in the session"
      And CLI 会话 "<paused>" 应该有等待批准的调用 "call_rm"

  Rule: --permission-mode：Claude Code 的权限模式，在我们的工具能做到的范围内

    Scenario Outline: exec --permission-mode <模式> <其他参数> 执行 `rm -r build`：<结果>
      Given CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      When CLI 运行 synapse "exec --permission-mode <模式> <其他参数> 'rm -r build'"
      Then CLI 退出码应该是 <退出码>

      Examples:
        | 模式              | 其他参数       | 结果                               | 退出码 |
        | bypassPermissions |                | 不问就执行                         | 0      |
        | bypassPermissions | --deny 'rm *'  | deny 规则照样拒绝                  | 126    |
        | default           |                | 无人值守时需要批准的就拒绝         | 126    |
        | dontAsk           |                | 不问，拒绝                         | 126    |

    Scenario: 命令行的 --permission-mode 胜过设置里的 permissions.defaultMode
      Given CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      And CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"permissions": {"defaultMode": "bypassPermissions"}}
        """
      When CLI 运行 synapse "exec --permission-mode default 'rm -r build'"
      Then CLI 退出码应该是 126
      When CLI 运行 synapse "exec 'rm -r build'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中不应该有文件 "build/out.txt"
