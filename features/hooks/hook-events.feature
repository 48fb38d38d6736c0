@own @hooks
Feature: 命令钩子：Claude Code 的事件、输入与匹配
  设置里的 `hooks` 用 Claude Code 的形状：事件名下一组组 matcher，每组若干 `{"type": "command", "command": ...}`。
  每个匹配的钩子命令在工具环境里（没有密钥）、沙箱之外运行，事件的输入以 JSON 从 stdin 读到：`session_id`、
  `transcript_path`、`cwd`、`hook_event_name`、`permission_mode`，以及各事件自己的字段（`tool_name` 是 `Bash`，
  或者 `mcp:<server>:<tool>` 调用的 `mcp__<server>__<tool>`；`tool_input` 是 `{"command"}`）。这里的钩子都是真的
  Node 脚本（fixtures/hooks/recorder.cjs）：读 stdin，记下读到的东西，按答案文件回答。

  Rule: 一次运行依次触发各个生命周期事件，钩子读到 Claude Code 的字段

    Scenario: 有一次工具调用的运行：SessionStart、UserPromptSubmit、PreToolUse、PostToolUse、Stop，关闭时 SessionEnd
      Given 使用临时会话目录创建 Runner
      And 钩子 "log" 挂在这些事件上: "SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SessionEnd, Notification, PreCompact, SubagentStop"
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "完成"
      When 执行一次运行
      And 关闭 Runner
      Then 运行应以 "完成" 结束
      And 钩子 "log" 读到的事件应依次为 "SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SessionEnd"
      And 钩子 "log" 第 1 次读到的输入应包含:
        """
        {"session_id": "<session>", "transcript_path": "<transcript>", "cwd": "<cwd>", "permission_mode": "default",
         "hook_event_name": "SessionStart", "source": "startup"}
        """
      And 钩子 "log" 第 2 次读到的输入应包含:
        """
        {"hook_event_name": "UserPromptSubmit", "prompt": "Please do the work.", "session_id": "<session>"}
        """
      And 钩子 "log" 第 3 次读到的输入应包含:
        """
        {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "echo hi"}, "tool_use_id": "call_1", "cwd": "<cwd>"}
        """
      And 钩子 "log" 第 4 次读到的输入应包含:
        """
        {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "echo hi"}, "tool_use_id": "call_1",
         "tool_response": {"output": "hi\n", "isError": false, "exitCode": 0}}
        """
      And 钩子 "log" 第 5 次读到的输入应包含:
        """
        {"hook_event_name": "Stop", "stop_hook_active": false, "last_assistant_message": "完成"}
        """
      And 钩子 "log" 第 6 次读到的输入应包含:
        """
        {"hook_event_name": "SessionEnd", "reason": "other", "session_id": "<session>"}
        """
      And Runner 报告的钩子结果应依次为 "SessionStart:success, UserPromptSubmit:success, PreToolUse:success, PostToolUse:success, Stop:success, SessionEnd:success"

    Scenario: 恢复的会话里 SessionStart 的 source 是 resume，而且每个 Runner 只触发一次
      Given 使用临时会话目录创建 Runner
      And 钩子 "log" 挂在 SessionStart 上
      And 模型接着回复 "一"
      And 模型接着回复 "二"
      And 模型接着回复 "三"
      When 执行一次运行
      And 执行一次运行
      And Runner 重启后以输入 "Please do the work." 再执行一次运行
      Then 钩子 "log" 应该被调用 2 次
      And 钩子 "log" 第 1 次读到的输入应包含:
        """
        {"source": "startup"}
        """
      And 钩子 "log" 第 2 次读到的输入应包含:
        """
        {"source": "resume", "session_id": "<session>"}
        """

    Scenario: 有人被询问批准时，Notification 钩子收到消息与 permission_prompt
      Given 钩子 "notify" 挂在 Notification 上
      And 审批者会依次回答 "once"
      And 模型这一轮调用 `git push origin main --dry-run 2>/dev/null; true`
      And 模型接着回复 "好了"
      When 执行一次运行
      Then 钩子 "notify" 应该被调用 1 次
      And 钩子 "notify" 第 1 次读到的输入应包含:
        """
        {"hook_event_name": "Notification", "notification_type": "permission_prompt",
         "message": "synapse needs your permission to run: git push origin main --dry-run 2>/dev/null; true"}
        """

  Rule: 子代理的工具调用也触发 PreToolUse，子代理结束时触发 SubagentStop

    Scenario: `task:general` 子代理：它的调用带着 agent_type，它的结束是 SubagentStop 而不是 Stop；SubagentStop 可以让它继续
      Given 钩子 "pre" 挂在 PreToolUse 上
      And 钩子 "sub" 挂在 SubagentStop 上
      And 钩子 "stop" 挂在 Stop 上
      And 钩子 "sub" 的回答是:
        """
        {"stdout": {"decision": "block", "reason": "先跑一遍测试"}, "onlyWhenInactive": true}
        """
      And 模型这一轮调用 `task:general --prompt "look around" --description 看看`
      And 子代理收到 "look around" 后先调用 `echo sub`，然后回答 "第一次"，再回答 "测试通过"
      And 模型接着回复 "主代理完成"
      When 执行一次运行
      Then 运行应以 "主代理完成" 结束
      And 钩子 "pre" 读到的事件应依次为 "PreToolUse, PreToolUse"
      And 钩子 "pre" 第 2 次读到的输入应包含:
        """
        {"tool_name": "Bash", "tool_input": {"command": "echo sub"}, "agent_type": "task:general"}
        """
      And 钩子 "sub" 应该被调用 2 次
      And 钩子 "sub" 第 1 次读到的输入应包含:
        """
        {"hook_event_name": "SubagentStop", "agent_type": "task:general", "stop_hook_active": false, "last_assistant_message": "第一次"}
        """
      And 钩子 "sub" 第 2 次读到的输入应包含:
        """
        {"stop_hook_active": true, "last_assistant_message": "测试通过"}
        """
      And 子代理第 3 次收到的最后一条消息应包含 "[SubagentStop hook] 先跑一遍测试"
      And 钩子 "stop" 应该被调用 1 次

  Rule: matcher 是工具名的正则；只有名字的 matcher 精确匹配

    Scenario Outline: matcher "<matcher>" 对 `<命令>`（工具名 <工具名>）<是否>运行
      Given 钩子 "m" 挂在 PreToolUse 上，matcher 为 "<matcher>"
      And 钩子 "log" 挂在 PreToolUse 上
      And 模型这一轮调用 `<命令>`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 钩子 "m" 应该被调用 <次数> 次
      And 钩子 "log" 第 1 次读到的输入应包含:
        """
        {"tool_name": "<工具名>"}
        """

      Examples:
        | matcher          | 命令                 | 工具名              | 是否 | 次数 |
        | *                | echo hi              | Bash                | 会   | 1    |
        |                  | echo hi              | Bash                | 会   | 1    |
        | Bash             | echo hi              | Bash                | 会   | 1    |
        | Edit\|Bash       | echo hi              | Bash                | 会   | 1    |
        | Bas              | echo hi              | Bash                | 不会 | 0    |
        | ^Ba              | echo hi              | Bash                | 会   | 1    |
        | Write            | echo hi              | Bash                | 不会 | 0    |
        | Bash             | mcp:fs:read_file a   | mcp__fs__read_file  | 不会 | 0    |
        | mcp__.*          | mcp:fs:read_file a   | mcp__fs__read_file  | 会   | 1    |
        | mcp__fs__.*      | mcp:memory:read a    | mcp__memory__read   | 不会 | 0    |

  Rule: 匹配的钩子并行运行，同一条命令只运行一次，都在没有密钥的工具环境里

    Scenario: 两个钩子互相等待对方启动：只有并行才能都完成；重复配置的同一条命令只运行一次
      Given 钩子 "a" 挂在 PreToolUse 上
      And 钩子 "b" 挂在 PreToolUse 上
      And 钩子 "a" 的回答是:
        """
        {"meet": "b"}
        """
      And 钩子 "b" 的回答是:
        """
        {"meet": "a"}
        """
      And 同一条钩子命令 "twice" 在 PreToolUse 上配置了两次
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 钩子 "a" 应该被调用 1 次
      And 钩子 "b" 应该被调用 1 次
      And 钩子 "twice" 应该被调用 1 次
      And Runner 报告的钩子结果应依次为 "PreToolUse:success, PreToolUse:success, PreToolUse:success"

    Scenario: 钩子看不到密钥，但看得到项目目录（$CLAUDE_PROJECT_DIR 与 $SYNAPSE_PROJECT_DIR）
      Given 环境变量 `OPENAI_API_KEY` 与 `GITHUB_TOKEN` 是真实样子的密钥
      And 钩子 "env" 挂在 PreToolUse 上
      And 钩子 "env" 的回答是:
        """
        {"env": ["OPENAI_API_KEY", "GITHUB_TOKEN", "CLAUDE_PROJECT_DIR", "SYNAPSE_PROJECT_DIR"]}
        """
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 钩子 "env" 第 1 次读到的输入应包含:
        """
        {"env": {"OPENAI_API_KEY": null, "GITHUB_TOKEN": null, "CLAUDE_PROJECT_DIR": "<cwd>", "SYNAPSE_PROJECT_DIR": "<cwd>"}}
        """

  Rule: 钩子命令的意思就是 `bash -c` 的意思（只由普通词组成的命令直接 exec，node 脚本用预先启动的 node 进程，结果一样）

    Scenario Outline: PreToolUse 钩子命令 `<命令>` 的结果是 <结果>，说明包含 "<说明>"
      Given 钩子目录里有可执行脚本 "block.sh":
        """
        #!/bin/sh
        cat > /dev/null
        echo "blocked by block.sh in $PWD" >&2
        exit 2
        """
      And 钩子目录里有可执行脚本 "noshebang.sh":
        """
        echo "no shebang, run by bash" >&2
        exit 2
        """
      And 钩子目录里有文件 "guard.cjs":
        """
        if (require.main === module) {
          let input = '';
          process.stdin.on('data', (chunk) => (input += chunk));
          process.stdin.on('end', () => {
            const { tool_input } = JSON.parse(input);
            process.stderr.write(`guard ${process.argv[2]} saw ${tool_input.command} in ${process.cwd()}`);
            process.exit(2);
          });
        }
        """
      And PreToolUse 上挂着命令 "<命令>"
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then Runner 报告的 PreToolUse 钩子结果应为 <结果>，说明包含 "<说明>"

      Examples:
        | 命令                                            | 结果     | 说明                                                   |
        | exit 2                                          | blocking | blocked by hook `exit 2` (exit 2, nothing on stderr)   |
        | /bin/false                                      | error    | exit 1                                                 |
        | <hooks>/block.sh                                | blocking | blocked by block.sh in <cwd>                           |
        | \"$CLAUDE_PROJECT_DIR\"/hooks/block.sh          | blocking | blocked by block.sh in <cwd>                           |
        | <hooks>/noshebang.sh                            | blocking | no shebang, run by bash                                |
        | node <hooks>/guard.cjs strict                   | blocking | guard strict saw echo hi in <cwd>                      |
        | node hooks/guard.cjs relative                   | blocking | guard relative saw echo hi in <cwd>                    |
        | cd <hooks> && node guard.cjs shell              | blocking | guard shell saw echo hi in <hooks>                     |
        | node <hooks>/missing.cjs                        | error    | exit 1: node:internal/modules/cjs/loader               |
        | <hooks>/missing-hook                            | error    | exit 127: bash: line 1: <hooks>/missing-hook: No such file or directory |
