@own @cli @hooks
Feature: synapse 从设置文件里运行命令钩子
  `hooks` 写在设置文件里（~/.synapse/settings.json、--settings，或受信任项目的 .synapse/settings*.json）。`synapse run`
  触发所有事件，`synapse exec` 只触发 PreToolUse 与 PostToolUse（它没有会话，也没有提示）。NDJSON 里每个钩子有
  `hook_started` 与 `hook_finished`；`result` 仍是最后一行（SessionEnd 钩子在它之前跑完）。项目里的设置文件是模型能写的
  工作区内容：项目受信任之前，它的钩子不生效，并有一行警告。

  Rule: 为 Claude Code 的 Bash 工具写的钩子，原样在这里工作

    Scenario: Claude Code 文档里阻止 rm -rf 的 PreToolUse 钩子（不用 jq 的 Node 脚本）在这里也阻止它，即使 --approve-all
      Given PreToolUse 上挂着 Claude Code 文档里阻止 rm -rf 的钩子（不用 jq 的 Node 脚本），matcher 为 "Bash"
      And 钩子 "log" 挂在这些事件上: "SessionStart, Stop, SessionEnd"
      And CLI 的用户设置文件里是这些钩子
      And CLI 工作目录中有文件 "build/out.txt" 内容为 "x"
      And CLI 模型会调用 Bash 执行 "rm -rf build"
      And CLI 模型会回复 "I will leave build alone."
      When CLI 运行 synapse "run --json --approve-all --base-url <model> 'clean up'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中的文件 "build/out.txt" 内容应该是 "x"
      And CLI 模型收到的第 2 次请求中的工具结果应该包含 "Blocked by a PreToolUse hook: Destructive command blocked by hook"
      And CLI JSON 输出应该依次包含事件 "run_started, hook_started, hook_finished, tool_call_started, hook_started, hook_finished, tool_call_finished, hook_started, hook_finished, run_finished, hook_started, hook_finished, result"
      And CLI JSON 输出的最后一行应该是 result
      And 钩子 "log" 读到的事件应依次为 "SessionStart, Stop, SessionEnd"

  Rule: exec 也经过 PreToolUse 与 PostToolUse

    Scenario: exec 的命令被 PreToolUse 以退出码 2 阻止（退出码 126，理由在标准错误）；放行的命令之后 PostToolUse 的话也显示出来
      Given 钩子 "guard" 挂在 PreToolUse 上，matcher 为 "Bash"
      And 钩子 "after" 挂在 PostToolUse 上
      And 钩子 "guard" 的回答是:
        """
        {"exit": 2, "stderr": "no touching in this repo"}
        """
      And CLI 的用户设置文件里是这些钩子
      When CLI 运行 synapse "exec 'touch x.txt'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "Blocked by a PreToolUse hook: no touching in this repo"
      And CLI 工作目录中不应该有文件 "x.txt"
      And 钩子 "after" 应该被调用 0 次
      Given 钩子 "guard" 的回答是:
        """
        {}
        """
      And 钩子 "after" 的回答是:
        """
        {"stdout": {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "formatted 1 file"}}}
        """
      When CLI 运行 synapse "exec 'echo hi'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "hi"
      And CLI 标准错误应该包含 "[PostToolUse hook context] formatted 1 file"
      And 钩子 "after" 第 1 次读到的输入应包含:
        """
        {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "echo hi"}, "session_id": null}
        """

  Rule: 项目受信任之前，项目设置文件里的钩子不生效

    Scenario: 项目设置里的钩子不运行，有一行警告；用户设置里的钩子照常运行
      Given 钩子 "planted" 挂在 PreToolUse 上
      And CLI 的项目设置文件里是这些钩子
      And 钩子 "mine" 挂在 Stop 上
      And CLI 的用户设置文件里是这些钩子
      And CLI 模型会调用 Bash 执行 "echo hi"
      And CLI 模型会回复 "done"
      When CLI 运行 synapse "run --base-url <model> 'say hi'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "settings.json: hooks ignored: the project is not trusted, and hooks are programs"
      And 钩子 "planted" 应该被调用 0 次
      And 钩子 "mine" 应该被调用 1 次
