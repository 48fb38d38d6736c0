@own @hooks
Feature: 暂停的运行（库）：onAsk 'defer'、PreToolUse 的 defer、resume
  `AgentRunner` 的 `onAsk: 'defer'` 让无人回答的 ask 暂停运行（stopReason `approval_required`），这一轮留在会话的
  pending-approval.json 里，历史里没有半轮；`resume({ approve, reject })`（同一个 Runner，或之后另一个进程里打开同一
  会话的 Runner）把它跑完并继续。PreToolUse 钩子的 `defer` 在允许暂停的运行里同样暂停，否则按 ask 处理。子代理从不
  暂停：它的 ask 无人回答就拒绝。

  Rule: 暂停与继续

    Scenario: PreToolUse 的 defer 让运行停在这次调用；重启的 Runner 批准它，钩子再看一次，命令执行，运行继续
      Given 使用临时会话目录创建 Runner
      And Runner 无人值守时 ask 改为等待批准
      And 钩子 "review" 挂在 PreToolUse 上
      And 钩子 "review" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer", "permissionDecisionReason": "等人看过再说"}}}
        """
      And 模型这一轮调用 `touch reviewed.txt`
      When 执行一次运行
      Then 运行应以原因 approval_required 结束，文本包含 "Waiting for approval of call_1: touch reviewed.txt (the PreToolUse hook defers it: 等人看过再说)"
      And Runner 等待批准的调用应为 "call_1"
      And 工作目录中不应出现 "reviewed.txt"
      And 历史中不应存在悬空 assistant toolCalls
      Given 模型接着回复 "建好了"
      When Runner 重启后批准 "call_1" 继续这次运行
      Then 这次继续应返回 "建好了"
      And 工作目录中应该有文件 "reviewed.txt"
      And 钩子 "review" 应该被调用 2 次
      And Runner 等待批准的调用应为 ""
      And 落盘历史的角色应依次为 "user, assistant, tool, assistant"

    Scenario: 同一个 Runner 里暂停再继续；没有会话的 Runner 也行（暂停的这一轮只在内存里）
      Given Runner 无人值守时 ask 改为等待批准
      And 工作目录中有目录 "build"，里面有一个文件
      And 模型这一轮调用 `rm -r build`、`echo after`
      And 模型接着回复 "清理完了"
      When 执行一次运行
      Then 运行应以原因 approval_required 结束，文本包含 "call_1: rm -r build"
      When 同一个 Runner 拒绝 "call_1" 继续这次运行
      Then 这次继续应返回 "清理完了"
      And 工作目录中应该有文件 "build/file.txt"
      And 模型第 2 次收到的第 1 条工具结果应包含 "Command not run: the user rejected it"
      And 模型第 2 次收到的第 2 条工具结果应包含 "after"

    Scenario: 子代理从不暂停：它的 ask 在无人值守时被拒绝，主代理的运行正常结束
      Given Runner 无人值守时 ask 改为等待批准
      And 工作目录中有目录 "build"，里面有一个文件
      And 模型这一轮调用 `task:general --prompt "clean build" --description 清理`
      And 子代理收到 "clean build" 后先执行 `rm -r build`，然后回复 "没删成"
      And 模型接着回复 "子代理没能清理"
      When 执行一次运行
      Then 运行应以 "子代理没能清理" 结束
      And 工作目录中应该有文件 "build/file.txt"
      And 子代理第 2 次收到的最后一条消息应包含 "approval is needed and nobody can give it here"

  Rule: 不合适的回答什么都不改

    Scenario Outline: resume(<回答>) 被拒绝：<原因>
      Given Runner 无人值守时 ask 改为等待批准
      And 模型这一轮调用 `rm -r build`、`sudo true`
      When 执行一次运行
      And 用 <回答> 继续这次运行
      Then 继续应以 ApprovalDecisionError 失败："<原因>"
      And Runner 等待批准的调用应为 "call_1"

      Examples:
        | 回答                                          | 原因                                                                 |
        | {"approve": ["call_9"]}                       | call_9 is not waiting for approval (waiting: call_1)                 |
        | {"approve": ["call_1"], "reject": ["call_1"]} | call_1 is both approved and rejected                                 |
        | {}                                            | call_1 is still waiting: approve or reject every paused call         |

    Scenario: 没有等待批准的调用时 resume 被拒绝
      Given 模型接着回复 "好"
      When 执行一次运行
      And 用 {"approve": ["call_1"]} 继续这次运行
      Then 继续应以 ApprovalDecisionError 失败："no tool call is waiting for approval here"

  Rule: 会话文件坏了也不丢东西

    Scenario: 读不了的 pending-approval.json 被挪到一边并报告，会话照常可用
      Given 使用临时会话目录创建 Runner
      And Runner 无人值守时 ask 改为等待批准
      And 模型这一轮调用 `rm -r build`
      When 执行一次运行
      And 会话的 pending-approval.json 被写坏
      Given 模型接着回复 "重新开始"
      When Runner 重启后以输入 "Please do the work." 再执行一次运行
      Then Runner 应报告会话警告 "pending-approval.json" "is not a readable paused round (not JSON"
      And 会话目录里应该有挪开的 pending-approval.json
      And 运行应以 "重新开始" 结束
