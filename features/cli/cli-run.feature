@own @cli
Feature: synapse run：一次 Agent 运行
  `synapse run` 用 AgentRunner 执行一次运行。离线时 --fixture 在进程内重放一段脚本化对话（无 key、无网络）；
  --base-url 指向任何 OpenAI 兼容端点，这里是测试里的回环 HTTP 服务器。给人看的输出：助手文本流到 stdout，
  工具活动到 stderr，非终端时没有 ANSI；给脚本看的输出：--json 每行一个事件，最后一行是 result。

  Rule: 仓库自带的离线演示开箱即用

    Scenario: 演示 fixture：模型调用 Bash 写文件，然后回答
      When CLI 运行 synapse "run --no-session --fixture fixtures/demo-write-file.json '写一个 hello.txt'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中的文件 "hello.txt" 内容应该是 "Hello from synapse!"
      And CLI 标准输出应该包含 "Done: hello.txt now says"
      And CLI 标准错误应该包含 "$ write hello.txt"
      And CLI 输出中不应该有 ANSI 转义序列

    Scenario: 演示 fixture：并行的 task:* 扇出，每个任务报告进度
      When CLI 运行 synapse "run --no-session --json --fixture fixtures/demo-parallel-tasks.json '同时做三件事'"
      Then CLI 退出码应该是 0
      And CLI JSON 输出中任务 "Survey the directory" 的进度应该是 "running, done"
      And CLI JSON 输出中任务 "Draft a haiku" 的进度应该是 "running, done"
      And CLI JSON 输出中任务 "Summarize the plan" 的进度应该是 "running, done"
      And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "All three tasks finished"

    Scenario: 没有终端时并行任务是普通的状态行
      When CLI 运行 synapse "run --no-session --fixture fixtures/demo-parallel-tasks.json '同时做三件事'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "task started: explore: Survey the directory"
      And CLI 标准错误应该包含 "task done: general: Draft a haiku"
      And CLI 输出中不应该有 ANSI 转义序列

    Scenario: 终端上并行任务是原地刷新的状态行，结束时每个任务标出完成
      When CLI 在伪终端里运行 synapse "run --no-session --fixture fixtures/demo-parallel-tasks.json '同时做三件事'"
      Then CLI 退出码应该是 0
      And CLI 终端上应该显示过 "✓ explore: Survey the directory done" 与 "✓ general: Draft a haiku done"
      And CLI 标准输出应该包含 "All three tasks finished."
      And CLI 标准输出和标准错误都不应该包含 "task started:"

    Scenario: 失败的并行任务：没有终端时一行 task failed 带原因，终端上标出 ✗ 与原因
      Given CLI 工作目录中有文件 "tasks.json" 内容为 '{"replies":[{"toolCalls":[{"id":"a","name":"Bash","arguments":{"command":"task:general --description Fine --prompt alpha"}},{"id":"b","name":"Bash","arguments":{"command":"task:general --description Broken --prompt beta"}}]},{"when":"alpha","content":"alpha done"},{"when":"beta","error":{"status":400,"message":"model exploded"}},{"content":"one of two"}]}'
      When CLI 运行 synapse "run --no-session --fixture tasks.json go"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "task failed: general: Broken ("
      And CLI 标准错误应该包含 "): task:general: exit 1"
      And CLI 标准错误应该包含 "task done: general: Fine ("
      When CLI 在伪终端里运行 synapse "run --no-session --fixture tasks.json go"
      Then CLI 终端上应该显示过 "✗ general: Broken — task:general: exit 1 failed" 与 "✓ general: Fine done"

    Scenario: 给人看的 stderr 说明运行中发生的事：扩展的警告、丢弃的一轮、被拒绝的命令、未完成的待办
      Given CLI 工作目录中有文件 ".agents/skills/Bad_Name/SKILL.md" 内容为 "no front matter"
      And CLI 模型会调用工具 "Bash"，参数为 "[1]"
      And CLI 模型会调用 Bash 执行 "rm -rf gone"
      And CLI 模型会调用 Bash 执行 "TodoWrite '{\"todos\": [{\"content\": \"Write notes\", \"activeForm\": \"Writing notes\", \"status\": \"in_progress\"}]}'"
      And CLI 模型会回复 "先停一下"
      And CLI 模型会调用 Bash 执行 "TodoWrite '{\"todos\": [{\"content\": \"Write notes\", \"activeForm\": \"Writing notes\", \"status\": \"completed\"}]}'"
      And CLI 模型会回复 "都做完了"
      When CLI 运行 synapse "run --no-session --base-url <model> --deny 'rm *' '做事'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "synapse: warning: skill "
      And CLI 标准错误应该包含 "/.agents/skills/Bad_Name/SKILL.md: skipped: SKILL.md must start with YAML front matter"
      And CLI 标准错误应该包含 "… discarded a round: tool call arguments are not a JSON object: Bash (call_"
      And CLI 标准错误应该包含 "⚠ not run: rm -rf gone (deny rule \"rm *\" (--deny))"
      And CLI 标准错误应该包含 "… todo items are still open: the agent continues"
      And CLI 标准输出应该包含 "都做完了"

  Rule: 真实端点经由 --base-url

    Scenario: 提示来自 stdin，回答流到 stdout，key 送达服务器但从不打印
      Given CLI 模型会回复 "Hello over HTTP"
      When CLI 以标准输入 "你好" 运行 synapse "run --no-session --base-url <model> --api-key sk-test-secret-123 --model my-model"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "Hello over HTTP"
      And CLI 模型收到的第 1 次请求的 model 应该是 "my-model"
      And CLI 模型收到的 Authorization 应该是 "Bearer sk-test-secret-123"
      And CLI 模型收到的首条 user 消息应该包含 "Skill Search Priority"
      And CLI 标准输出和标准错误都不应该包含 "sk-test-secret-123"

    Scenario: --no-skill-search 时首条 user 消息就是原始输入
      Given CLI 模型会回复 "ok"
      When CLI 运行 synapse "run --no-session --base-url <model> --no-skill-search '保持原始输入'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的首条 user 消息应该是 "保持原始输入"

    Scenario: --json 输出事件流，最后一行是 result
      Given CLI 模型会调用 Bash 执行 "echo from-the-shell"
      And CLI 模型会回复 "finished"
      When CLI 运行 synapse "run --json --base-url <model> 'run echo'"
      Then CLI 退出码应该是 0
      And CLI JSON 输出应该依次包含事件 "run_started, assistant_message, tool_call_started, tool_call_finished, assistant_delta, run_finished, result"
      And CLI JSON 输出中 tool_call_finished 的 output 应该是 "from-the-shell\n"
      And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "finished"
      And CLI JSON 结果应该有 sessionId 和 usage

  Rule: 失败的运行以退出码 1 结束

    Scenario: API 错误是一行带 HTTP 状态的错误
      Given CLI 模型会以 HTTP 401 "Incorrect API key provided" 拒绝请求
      When CLI 运行 synapse "run --no-session --base-url <model> --api-key sk-wrong-key-456 hi"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且包含 "HTTP 401"
      And CLI 标准输出和标准错误都不应该包含 "sk-wrong-key-456"

    Scenario: 连续失败策略停止运行
      Given CLI 模型会调用 Bash 执行 "no-such-command-xyz"
      When CLI 运行 synapse "run --no-session --base-url <model> --max-consecutive-failures 1 hi"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该包含 "run stopped (consecutive failures)"

    Scenario: 迭代上限停止运行
      Given CLI 模型会调用 Bash 执行 "echo again"
      When CLI 运行 synapse "run --no-session --json --base-url <model> --max-iterations 1 hi"
      Then CLI 退出码应该是 1
      And CLI JSON 输出的最后一行应该是 isError 为 true 的 result，文本包含 "limit of 1 model requests"

  Rule: 会话可以续接，坏的会话输入不调用模型

    Scenario: 运行持久化到 --sessions-dir，--session 续接同一会话
      Given CLI 模型会回复 "first answer"
      And CLI 模型会回复 "second answer"
      When CLI 运行 synapse "run --json --sessions-dir <sessions> --base-url <model> 'first question'"
      And CLI 记下 JSON 结果中的 sessionId 为 "id"
      And CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --session <id> 'second question'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "second answer"
      And CLI 模型收到的第 2 次请求应该包含消息 "first answer"

    Scenario: 未知的会话是坏输入，模型一次也没被调用
      Given CLI 模型已启动，没有安排任何回复
      When CLI 运行 synapse "run --base-url <model> --session session-0-nothere hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "unknown session \"session-0-nothere\""
      And CLI 模型应该收到 0 次请求

    Scenario: 不可用的会话目录是坏输入
      Given CLI 工作目录中有文件 "not-a-dir" 内容为 "x"
      When CLI 运行 synapse "run --sessions-dir not-a-dir --fixture fixtures/demo-write-file.json hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "not-a-dir exists but is not a directory"

    Scenario: --no-session 什么都不持久化
      When CLI 运行 synapse "run --no-session --fixture fixtures/demo-write-file.json hi"
      Then CLI 退出码应该是 0
      And CLI 会话目录中应该没有会话

  Rule: SIGINT 中断运行

    Scenario: 工具运行时 SIGINT：取消工具，以 130 退出，会话干净且可续接
      Given CLI 模型会调用 Bash 执行 "sleep 5"
      And CLI 模型会回复 "resumed fine"
      When CLI 启动 synapse "run --json --sessions-dir <sessions> --base-url <model> 'sleep please'"
      And CLI 在输出出现 "tool_call_started" 且进程 "sleep 5" 运行后发送 SIGINT
      Then CLI 退出码应该是 130
      And CLI 进程应该在 3 秒内结束
      And CLI 中断时运行的工具进程应该已经结束
      And CLI JSON 输出的最后一行应该是被中断的 result
      And CLI 标准错误应该包含 "synapse: interrupted; the session is saved: synapse run --session session-"
      And CLI 记下 JSON 结果中的 sessionId 为 "id"
      And CLI 会话 "<id>" 的历史中每个工具调用都有结果
      When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --session <id> 'go on'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "resumed fine"
