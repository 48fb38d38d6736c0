@own @hooks
Feature: 命令钩子的决定：退出码与 Claude Code 的 JSON
  退出码 0 成功（标准输出可以是 JSON 决定）；退出码 2 阻止，标准错误作为理由交给模型（UserPromptSubmit 交给用户）；
  其他退出码是不阻止的错误，告诉用户。PreToolUse 的 `permissionDecision`（allow / deny / ask / defer，附理由）与
  `updatedInput`；PostToolUse、Stop 的 `decision: "block"` 与 `reason`（模型收到后继续）；UserPromptSubmit 与
  SessionStart 的 `additionalContext`；任何事件的 `continue: false` 与 `stopReason` 结束运行。
  PreToolUse 的 allow 不越过权限策略：deny 规则照样拒绝，你自己的 ask 规则照样询问；allow 只免去策略默认会问的
  （内置的 ask 规则、`unmatched: ask`）。

  Rule: PreToolUse 决定一次工具调用

    Scenario Outline: PreToolUse 以 <方式> 拒绝，命令不执行，模型读到理由后继续
      Given 钩子 "guard" 挂在 PreToolUse 上，matcher 为 "Bash"
      And 钩子 "guard" 的回答是:
        """
        <回答>
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好的，不建文件"
      When 执行一次运行
      Then 运行应以 "好的，不建文件" 结束
      And 工作目录中不应出现 "created.txt"
      And 模型第 2 次收到的最后一条消息应包含 "Blocked by a PreToolUse hook: 不许建文件"

      Examples:
        | 方式                      | 回答                                                                                                               |
        | JSON 的 deny              | {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "不许建文件"}}} |
        | 退出码 2 与标准错误       | {"exit": 2, "stderr": "不许建文件"}                                                                                |
        | 旧式的 decision: block    | {"stdout": {"decision": "block", "reason": "不许建文件"}}                                                          |

    Scenario Outline: allow 与权限策略的组合：<规则>时 `<命令>` <结果>
      Given 权限规则:
        | 动作   | 模式   |
        | <动作> | <模式> |
      And 钩子 "guard" 挂在 PreToolUse 上
      And 钩子 "guard" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "我看过了"}}}
        """
      And 工作目录中有目录 "build"，里面有一个文件
      And 模型这一轮调用 `<命令>`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 权限事件应依次为 "<权限事件>"
      And 模型第 2 次收到的最后一条消息应包含 "<模型读到>"

      Examples:
        | 规则                                 | 动作      | 模式        | 命令        | 结果                       | 权限事件                            | 模型读到                                  |
        | 只有内置的 ask 规则（无人值守）      | allow     | echo *      | rm -r build | 不问就执行                 | permission_decided:allow:hook       | (no output)                               |
        | 你自己的 ask 规则（无人值守）        | ask       | rm *        | rm -r build | 照样要问，无人回答即拒绝   | permission_decided:deny:no_approver | approval is needed and nobody can give it |
        | deny 规则                            | deny      | rm *        | rm -r build | 照样拒绝                   | permission_decided:deny:rule        | denied by policy: deny rule \"rm *\"      |
        | unmatched 为 ask（无人值守）         | unmatched | ask         | rm -r build | 不问就执行                 | permission_decided:allow:hook       | (no output)                               |

    Scenario: ask 让规则放行的命令也要询问：审批者看到钩子的理由并同意后才执行
      Given 钩子 "guard" 挂在 PreToolUse 上
      And 钩子 "guard" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "会动到文件"}}}
        """
      And 审批者会依次回答 "once"
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 权限事件应依次为 "permission_requested, permission_decided:allow:user"
      And 审批者看到的询问应是 "the PreToolUse hook asks: 会动到文件"
      And 工作目录中应该有文件 "created.txt"

    Scenario: ask 在无人值守时就是拒绝
      Given 钩子 "guard" 挂在 PreToolUse 上
      And 钩子 "guard" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}}
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 工作目录中不应出现 "created.txt"
      And 模型第 2 次收到的最后一条消息应包含 "denied by policy: the PreToolUse hook asks"

    Scenario: updatedInput 换掉要执行的命令，权限策略检查的是换过之后的命令
      Given 钩子 "rewrite" 挂在 PreToolUse 上
      And 钩子 "rewrite" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "echo rewritten; rm -r build"}}}}
        """
      And 工作目录中有目录 "build"，里面有一个文件
      And 模型这一轮调用 `echo original`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 模型第 2 次收到的最后一条消息应包含 "denied by policy: ask rule \"rm -r (recursive delete)\" (default)"
      And 工作目录中应该有文件 "build/file.txt"

    Scenario: updatedInput 与 allow：执行的是换过的命令
      Given 钩子 "rewrite" 挂在 PreToolUse 上
      And 钩子 "rewrite" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "echo rewritten"}}}}
        """
      And 模型这一轮调用 `echo original`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 模型第 2 次收到的最后一条消息应包含 "rewritten"

    Scenario: 读不懂的 JSON 决定按 ask 处理（不会当作放行），钩子的错误告诉用户
      Given 钩子 "guard" 挂在 PreToolUse 上
      And 钩子 "guard" 的回答是:
        """
        {"stdout": "{\"hookSpecificOutput\": {\"permissionDecision\": \"block\"}}"}
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 工作目录中不应出现 "created.txt"
      And Runner 报告的 PreToolUse 钩子结果应为 error，说明包含 "its JSON answer cannot be read: hookSpecificOutput.permissionDecision"
      And 模型第 2 次收到的最后一条消息应包含 "gave an answer that cannot be read"

    Scenario: 几个钩子意见不同时最严格的胜出：deny 胜过 allow
      Given 钩子 "yes" 挂在 PreToolUse 上
      And 钩子 "no" 挂在 PreToolUse 上
      And 钩子 "yes" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}}
        """
      And 钩子 "no" 的回答是:
        """
        {"exit": 2, "stderr": "不行"}
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 工作目录中不应出现 "created.txt"
      And 模型第 2 次收到的最后一条消息应包含 "Blocked by a PreToolUse hook: 不行"

  Rule: PostToolUse 与 Stop 的 block：模型收到理由，继续工作

    Scenario Outline: PostToolUse 以 <方式> 让模型在工具结果之后读到 "<模型读到>"
      Given 钩子 "after" 挂在 PostToolUse 上
      And 钩子 "after" 的回答是:
        """
        <回答>
        """
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 模型第 2 次收到的最后一条消息应包含 "hi\n\n<模型读到>"

      Examples:
        | 方式                     | 回答                                                                                            | 模型读到                                   |
        | decision: block 与 reason | {"stdout": {"decision": "block", "reason": "先格式化"}}                                        | [PostToolUse hook] 先格式化                |
        | 退出码 2 与标准错误      | {"exit": 2, "stderr": "lint 有 3 个错误"}                                                      | [PostToolUse hook] lint 有 3 个错误        |
        | additionalContext        | {"stdout": {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "已记录"}}} | [PostToolUse hook context] 已记录     |

    Scenario: Stop 钩子阻止结束：模型收到理由再做一轮；第二次 stop_hook_active 为 true，钩子放行
      Given 钩子 "tests" 挂在 Stop 上
      And 钩子 "tests" 的回答是:
        """
        {"stdout": {"decision": "block", "reason": "测试还没跑"}, "onlyWhenInactive": true}
        """
      And 模型接着回复 "写完了"
      And 模型这一轮调用 `echo tests pass`
      And 模型接着回复 "测试也过了"
      When 执行一次运行
      Then 运行应以 "测试也过了" 结束
      And 模型第 2 次收到的最后一条消息应包含 "[Stop hook] 测试还没跑"
      And 钩子 "tests" 应该被调用 2 次
      And 钩子 "tests" 第 2 次读到的输入应包含:
        """
        {"stop_hook_active": true, "last_assistant_message": "测试也过了"}
        """

    Scenario: 总是阻止的 Stop 钩子不会让运行无休止：阻止 3 次后运行结束，并告诉用户
      Given 钩子 "never" 挂在 Stop 上
      And 钩子 "never" 的回答是:
        """
        {"exit": 2, "stderr": "还不行"}
        """
      And 模型接着回复 "一"
      And 模型接着回复 "二"
      And 模型接着回复 "三"
      And 模型接着回复 "四"
      When 执行一次运行
      Then 运行应以 "四" 结束
      And 模型应该恰好被请求 4 次
      And Runner 应报告钩子提示 "the Stop hooks kept this run going 3 times already; it ends now (their last reason: 还不行)"

  Rule: UserPromptSubmit 与 SessionStart 给提示加上下文，或者阻止提示

    Scenario: UserPromptSubmit 阻止提示：模型不被请求，提示不进历史
      Given 使用临时会话目录创建 Runner
      And 钩子 "gate" 挂在 UserPromptSubmit 上
      And 钩子 "gate" 的回答是:
        """
        {"stdout": {"decision": "block", "reason": "提示里有密码"}}
        """
      When 执行一次运行
      Then 运行应以原因 prompt_blocked 结束，文本包含 "Prompt blocked by a UserPromptSubmit hook: 提示里有密码"
      And 模型应该恰好被请求 0 次
      And Runner 应该没有创建会话

    Scenario: SessionStart 与 UserPromptSubmit 的 additionalContext 和纯文本输出加在用户消息之后，会话里记下用户的原话，答过的输入不留在 pending-input.json
      Given 使用临时会话目录创建 Runner
      And 钩子 "start" 挂在 SessionStart 上
      And 钩子 "prompt" 挂在 UserPromptSubmit 上
      And 钩子 "plain" 挂在 UserPromptSubmit 上
      And 钩子 "start" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "当前分支 main"}}}
        """
      And 钩子 "prompt" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "今天是周五"}}}
        """
      And 钩子 "plain" 的回答是:
        """
        {"stdout": "纯文本也算上下文"}
        """
      And 模型接着回复 "好"
      When 执行一次运行
      Then 模型第 1 次收到的最后一条消息应包含 "Please do the work.\n\n[SessionStart hook context]\n当前分支 main\n\n[UserPromptSubmit hook context]\n今天是周五\n\n[UserPromptSubmit hook context]\n纯文本也算上下文"
      And 落盘的首条用户消息应记下用户的原话 "Please do the work."，并标明注入了 "skill_search_instruction, hook_context"
      And 运行结束后 pending-input.json 应已删除，历史中有 "Please do the work."

  Rule: `continue: false` 结束运行

    Scenario: PreToolUse 的 continue: false：这次调用不执行，运行以 stopReason 结束，历史里每个调用都有结果
      Given 使用临时会话目录创建 Runner
      And 钩子 "halt" 挂在 PreToolUse 上
      And 钩子 "halt" 的回答是:
        """
        {"stdout": {"continue": false, "stopReason": "构建坏了，先别动"}}
        """
      And 模型这一轮调用 `touch one.txt`、`touch two.txt`
      When 执行一次运行
      Then 运行应以原因 hook_stopped 结束，文本包含 "构建坏了，先别动"
      And 工作目录中不应出现 "one.txt"
      And 工作目录中不应出现 "two.txt"
      And 历史中不应存在悬空 assistant toolCalls
      And 模型应该恰好被请求 1 次

    Scenario: PostToolUse 的 continue: false：工具已经执行，这一轮结束后运行结束
      Given 钩子 "halt" 挂在 PostToolUse 上
      And 钩子 "halt" 的回答是:
        """
        {"stdout": {"continue": false, "stopReason": "够了"}}
        """
      And 模型这一轮调用 `touch one.txt`
      When 执行一次运行
      Then 运行应以原因 hook_stopped 结束，文本包含 "够了"
      And 工作目录中应该有文件 "one.txt"
      And 模型应该恰好被请求 1 次
