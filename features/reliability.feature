@own @reliability
Feature: 可靠性：什么都不丢，什么都不留
  文档没有规定、但一个可靠的运行时必须做到的：每一种退出方式都经由 AbortSignal 中止运行并结束启动的进程，
  会话在崩溃和损坏之后不悄悄丢东西（读不了的行原样隔离并报告，修复从不移除本身合法的消息，
  一个会话只有一个写者），工具和事件监听器做什么都打不断循环，中断总是报告为中断，
  一个不回答的模型会被超时打断，错误指明出问题的文件或地址。用真实的进程、真实的文件和回环上的模型验证。

  Rule: SIGINT、SIGTERM 与 SIGHUP 都经由 AbortSignal 中止运行，结束启动的进程，留下可续接的会话

    @cli
    Scenario Outline: 工具运行时收到 <信号>：取消工具，关闭 shell，以 <退出码> 退出，会话完整且可续接
      Given CLI 模型会调用 Bash 执行 "sleep 5"
      When CLI 启动 synapse "run --base-url <model> --json 'Sleep please'"
      And CLI 在输出出现 "tool_call_started" 且进程 "sleep 5" 运行后收到信号 <信号>
      Then CLI 退出码应该是 <退出码>
      And CLI 进程应该在 5 秒内结束
      And CLI 收到信号时的后代进程应该都已结束
      When CLI 记下 JSON 结果中的 sessionId 为 "s"
      Then CLI 会话 "<s>" 的历史中每个工具调用都有结果
      And CLI 会话 "<s>" 的目录中只有文件 "history.jsonl, index.json, offload, usage.jsonl"
      Given CLI 模型会回复 "接着来"
      When CLI 运行 synapse "run --base-url <model> --session <s> 'Go on'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的每个请求都符合工具调用协议

      Examples:
        | 信号    | 退出码 |
        | SIGINT  | 130    |
        | SIGTERM | 143    |
        | SIGHUP  | 129    |

    @cli
    Scenario: exec 收到 SIGTERM 时结束正在运行的命令并以 143 退出
      When CLI 启动 synapse "exec 'sleep 5'"
      And CLI 在进程 "sleep 5" 运行后收到信号 SIGTERM
      Then CLI 退出码应该是 143
      And CLI 收到信号时的后代进程应该都已结束

    @cli
    Scenario: 模型流式回复到一半时 SIGINT：报告为中断（130），半截回答不落盘，会话只留下用户的话和中断说明
      Given CLI 模型会先回复 "让我想一想" 然后停顿 5000 毫秒
      When CLI 启动 synapse "run --base-url <model> 'Think'"
      And CLI 在输出出现 "让我想一想" 后收到信号 SIGINT
      Then CLI 退出码应该是 130
      And CLI 会话目录中唯一的会话应该只有用户的话 "Think" 和一条中断说明 "while the model was answering"

  Rule: 会话不悄悄丢东西：读不了的行原样隔离并在每个出口报告，修复从不移除本身合法的消息

    @cli
    Scenario: 历史中一行被写坏后续接会话：标准错误给出警告，坏行原样进入隔离文件，发给模型的历史符合协议
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 会话 "<s>" 的历史第 3 行被换成无法读取的字节
      And CLI 模型会回复 "继续"
      When CLI 运行 synapse "run --base-url <model> --session <s> 'Again'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "warning: history.jsonl line 3: skipped a line that is not valid JSON"
      And CLI 标准错误应该包含 "kept in history.quarantine.jsonl"
      And CLI 会话 "<s>" 的隔离文件应原样保存被换掉的第 3 行
      And CLI 会话 "<s>" 的历史保留了其余每条消息，失去结果的调用 "call_write" 得到中断结果
      And CLI 模型收到的每个请求都符合工具调用协议

    @cli
    Scenario: --json 时隔离以 session_warning 事件报告
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 会话 "<s>" 的历史第 2 行被换成无法读取的字节
      And CLI 模型会回复 "继续"
      When CLI 运行 synapse "run --base-url <model> --session <s> --json 'Again'"
      Then CLI 退出码应该是 0
      And CLI JSON 输出应该依次包含事件 "run_started, session_warning, assistant_message, result"
      And CLI JSON 输出中的 session_warning 应该指明 history.jsonl 第 2 行和隔离文件 "history.quarantine.jsonl"

    @cli
    Scenario: 被杀掉的写入留下的临时文件在下次打开会话时被清理
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 会话 "<s>" 的目录中留有被杀掉的写入的临时文件
      And CLI 模型会回复 "好"
      When CLI 运行 synapse "run --base-url <model> --session <s> 'Hi'"
      Then CLI 退出码应该是 0
      And CLI 会话 "<s>" 的目录中只有文件 "history.jsonl, index.json, offload, usage.jsonl"

    @cli
    Scenario: history.jsonl 的位置上是一个目录时，错误指明这个文件
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 会话 "<s>" 的 "history.jsonl" 被换成一个目录
      When CLI 运行 synapse "sessions show <s>"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且包含 "history.jsonl: it is a directory, where a file was expected (EISDIR)"

  Rule: 一个会话只有一个写者

    @cli
    Scenario: 两个进程写同一个会话：第二个被拒绝并得知持有者的 pid，第一个的消息完整落盘
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 模型会回复 "慢慢来"
      And CLI 模型的回复要等到放行
      When CLI 启动 synapse "run --base-url <model> --session <s> 'First'"
      And CLI 模型收到第 1 次请求后再运行 synapse "run --base-url <model> --session <s> 'Second'"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且指明会话 "<s>" 和第一个进程的 pid
      When CLI 放行模型的回复并等待第一个进程结束
      Then CLI 退出码应该是 0
      And CLI 会话 "<s>" 的历史共有 7 条消息，最后两条是 "First" 和 "慢慢来"
      And CLI 模型应该收到 1 次请求

  Rule: 中断就是中断，中断前没有得到回答的输入不落盘

    Scenario: 用已经中止的 signal 运行：以 AbortError 拒绝，不请求模型，会话里什么都不写
      Given 使用临时会话目录创建 Runner
      When 用一个已经中止的 signal 执行一次运行
      Then 运行应以 AbortError 拒绝
      And 模型应该恰好被请求 0 次
      And 会话目录中不应有任何会话

    Scenario: 模型回复流式输出到一半时中止：以 AbortError 拒绝，历史保持请求前的样子
      Given 使用临时会话目录创建 Runner
      And 模型的回复先输出 "开始……" 然后停顿 3000 毫秒
      When 在收到第一段文本后中止这次运行
      Then 运行应以 AbortError 拒绝
      And 会话目录中不应有任何会话
      And Runner 的历史为空
      Given 模型会回复 "重新开始"
      When 以输入 "第二次" 再执行一次运行
      Then 模型收到的最后一个请求中只有一条用户消息 "第二次"
      And 落盘历史的角色应依次为 "user, assistant"

    Scenario: 模型运行时在流式回复中途被中止：以 AbortError 结束，而不是"流不完整"
      Given 模型的回复先输出 "开始……" 然后停顿 3000 毫秒
      When 直接用模型运行时请求，并在收到第一段文本后中止
      Then 模型运行时应以 AbortError 结束

  Rule: 工具和事件监听器做什么都打不断循环

    Scenario: 同步抛错的工具只让自己的调用失败；抛错的事件监听器只被报告一次，运行照常完成
      Given Runner 的工具 "Explode" 在被调用时同步抛出 "boom"，事件监听器每次都抛错
      And 模型第一轮调用工具 "Explode"，第二轮回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 工具 "Explode" 的结果应是错误 "Tool Explode failed: boom"
      And 监听器的失败应只被报告 1 次

    Scenario Outline: <情形>时，只有这次调用得到说明原因的错误结果，运行照常完成
      Given Runner 唯一的工具 "Odd" <工具行为>
      And 模型第一轮调用工具 "<调用的工具>"，第二轮回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 工具 "<调用的工具>" 的结果应是错误 "<错误>"

      Examples:
        | 情形                     | 工具行为                 | 调用的工具 | 错误                                                                                 |
        | 工具没有返回结果         | 返回 undefined           | Odd        | Tool Odd returned no result (expected { isError, output, message })                  |
        | 工具抛出转不成文字的值   | 抛出一个转不成文字的值   | Odd        | Tool Odd failed: an error that cannot be described                                   |
        | 模型调用了不存在的工具   | 返回 undefined           | Read       | Unknown tool: Read. Available tools: Odd. Call them as Bash(command=\"...\").        |

    Scenario: 批次中一个任务失败后任务池不再启动新的任务
      When 任务池以并发上限 2 运行 6 个任务，其中第 1 个很快失败
      Then 任务池应以第 1 个任务的错误失败
      And 任务池应只启动了 2 个任务

    Scenario: 子代理与它的路由共用一个 TodoStore：留着未完成的 todo 收尾时会被提醒继续
      Given 子代理先用 TodoWrite 记下一项待办，然后不完成它就收尾
      And 子代理被提醒后完成待办并回复 "全部完成"
      When 主代理执行子代理任务 "task:general -p 'todo work'"
      Then 子代理任务的结果应包含 "全部完成"
      And 子代理收到的请求中应有一条 "[System Reminder]" 用户消息

    Scenario: Runner 启动的子代理的 TodoWrite 与提醒用同一个待办列表
      Given 子代理先用 TodoWrite 记下一项待办，然后不完成它就收尾
      And 子代理被提醒后完成待办并回复 "全部完成"
      And 模型先调用 Bash 执行 `task:general -p 'todo work'`，然后回复 "主任务完成"
      When 执行一次运行
      Then 运行应以 "主任务完成" 结束
      And 主代理收到的子代理结果应恰好是 "全部完成"

    @cli
    Scenario: 一个 run 里有 12 次工具调用时不出现 MaxListenersExceededWarning
      Given CLI 模型会在一次回复中调用 Bash 12 次执行 "true"
      And CLI 模型会回复 "都做完了"
      When CLI 运行 synapse "run --base-url <model> --no-session 'Twelve'"
      Then CLI 退出码应该是 0
      And CLI 标准输出和标准错误都不应该包含 "MaxListenersExceededWarning"

  Rule: 一个不回答的模型会被请求超时打断；模型的错误是一行，指明原因

    @cli
    Scenario Outline: 模型<情形>时，CLI 在请求超时后以一行清楚的错误退出，历史保持请求前的样子
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "s"
      And CLI 记下会话 "<s>" 的文件
      And CLI 模型会<模型行为>
      When CLI 运行 synapse "run --base-url <model> --max-retries 0 --request-timeout 500 --session <s> 'Anyone?'"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且包含 "<错误>"
      And CLI 进程应该在 10 秒内结束
      And CLI 会话 "<s>" 的历史与用量与记下时相同

      Examples:
        | 情形           | 模型行为                               | 错误                         |
        | 从不回答       | 在 5000 毫秒后回复 "太晚了"            | did not answer within 500 ms |
        | 回复到一半停住 | 先回复 "想一想" 然后停顿 5000 毫秒     | sent nothing for 500 ms      |

    @cli
    Scenario: 比计时器能等的更长的请求时限就是不限时：慢一点的模型照常回答，没有 Node 的超时警告
      Given CLI 模型会在 300 毫秒后回复 "来了"
      When CLI 运行 synapse "run --base-url <model> --max-retries 0 --request-timeout 99999999999 --no-session 'Anyone?'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "来了"
      And CLI 标准输出和标准错误都不应该包含 "TimeoutOverflowWarning"

    @cli
    Scenario: 流里有一个不是 JSON 的事件：一行错误，没有 SDK 自己打印的日志
      Given CLI 模型会发出一个不是 JSON 的流事件
      When CLI 运行 synapse "run --base-url <model> --no-session 'Hi'"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且包含 "the model's stream is malformed"

    @cli
    Scenario: 连不上模型时，错误指明地址和原因，不叠加前缀
      When CLI 运行 synapse "run --base-url http://127.0.0.1:4/v1 --max-retries 0 --no-session 'Hi'"
      Then CLI 退出码应该是 1
      And CLI 标准错误应该只有一行且包含 "cannot connect to the model at http://127.0.0.1:4/v1: connect ECONNREFUSED"
      And CLI 标准输出和标准错误都不应该包含 "Model request failed"
