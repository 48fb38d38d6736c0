@own
Feature: AgentRunner 一轮工具调用的执行
  文档没有规定、但一个可靠的 Runner 必须做到的：一轮被中止后，这一轮里还没开始的调用（排在后面的命令、任务池里排队的任务）
  都不再启动。

  Rule: 中止之后，这一轮里还没开始的调用不再启动

    Scenario: 中止时正在运行一个命令，同一轮里排在它后面的命令不再启动
      Given 模型第一轮先调用一个长时间运行的命令，再调用 `echo late > late.txt`
      When 在长时间运行的命令启动后中止这次运行
      Then 运行应以 AbortError 拒绝
      And 被中止的调用结束后，这一轮不应再启动任何调用
      And 工作目录中不应出现 "late.txt"

    Scenario: 并行上限为 1 时中止正在运行的任务，排队的任务不再启动
      Given 环境变量 `SYNAPSE_MAX_PARALLEL_TASKS=1`
      And 模型第一轮调用两个任务，第一个任务的子代理要 5000 毫秒才回答
      When 在第一个任务的子代理请求模型后中止这次运行
      Then 运行应以 AbortError 拒绝
      And 被中止的调用结束后，这一轮不应再启动任何调用

    Scenario: 中止时，不理会 signal 也不理会 cancel() 的工具不拖住运行：运行立刻以中断拒绝，工具被取消且它的 signal 已中止
      Given Runner 唯一的工具 "Stubborn" 永不结束，只记下 cancel() 的调用和它拿到的 signal
      And 模型第一轮调用工具 "Stubborn"
      When 在工具 "Stubborn" 启动后中止这次运行
      Then 运行应以消息为 "The run was interrupted" 的 AbortError 拒绝
      And 工具 "Stubborn" 的 cancel() 应被调用 1 次，它拿到的 signal 应已中止

  Rule: 一轮的结果与它留下的东西

    Scenario: 运行结束后，调用方传入的 signal 上不留下运行的监听器
      Given 模型第一轮调用命令 `echo one`，第二轮回复 "好了"
      When 用一个调用方长期持有的 signal 执行一次运行
      Then 运行应以 "好了" 结束
      And 这个 signal 上不应留有任何 abort 监听器

    Scenario: 工具调用结束事件报告这次调用用了多久
      Given 模型第一轮调用命令 `sleep 0.3`，第二轮回复 "好了"
      When 执行一次运行
      Then 命令 `sleep 0.3` 的结束事件报告的用时应不少于 300 毫秒、不超过 10 秒

    Scenario: 超时的任务得到说明超时和命令的执行错误，并标记为超时
      Given 环境变量 `SYNAPSE_TASK_TIMEOUT=300`
      And 模型第一轮调用一个子代理要 5000 毫秒才回答的任务，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And 这个任务的结果应是 execution_error 错误 "Task timed out after 300 ms and was cancelled: task:general --description \"slow\" --prompt \"slow job\""，并标记为超时

    Scenario: 比计时器能等的更长的任务时限就是不限时，任务照常完成
      Given 环境变量 `SYNAPSE_TASK_TIMEOUT=99999999999`
      And 模型第一轮调用一个子代理要 300 毫秒才回答的任务，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And 这个任务的结果应是子代理的回答 "too late"

  Rule: 在模型回复之后、工具运行之前中止

    Scenario: 事件监听器在模型要求调用工具时中止运行：一个工具都不运行，运行以中断拒绝，历史里没有悬空的工具调用
      Given 使用临时会话目录创建 Runner
      And 模型第一轮调用命令 `echo never > never.txt`
      When 执行一次运行，事件监听器在收到模型要求调用工具的回复时中止它
      Then 运行应以消息为 "The run was interrupted" 的 AbortError 拒绝
      And 不应有任何工具调用开始
      And 工作目录中不应出现 "never.txt"
      And 本轮悬空 assistant toolCalls 不应被落盘

  Rule: 工具调用的参数与任务的说明

    Scenario Outline: 参数是 <参数> 的工具调用不是 JSON 对象：整轮被丢弃并报告，模型在下一次请求中被告知
      Given 模型第一轮调用 Bash，参数是 <参数>，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And Runner 应报告丢弃了这一轮，原因是 "tool call arguments are not a JSON object: Bash (call_1)"
      And 模型第二次收到的最后一条消息应是用户消息 "[System Notice] Your last tool calls were discarded: the arguments of Bash (call_1) were not a valid JSON object. Call the tool again with arguments like {\"command\": \"...\"}."

      Examples:
        | 参数       |
        | `null`     |
        | `42`       |
        | `"ls"`     |
        | `{"a": 1`  |

    Scenario Outline: 参数<情形>的工具调用按空对象执行：工具照常运行并说明缺少命令
      Given 模型第一轮调用 Bash，参数<情形>，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And 不应有一轮被丢弃
      And Bash 调用的结果应是说明缺少命令的错误

      Examples:
        | 情形       |
        | 是空字符串 |
        | 只有空白   |

    Scenario: 任务调用的开始事件带上任务的说明，不论说明怎样书写；非任务命令没有说明
      Given 模型第一轮调用这些命令，第二轮回复 "好了"：
        | 命令                                                     | 子代理的回答 |
        | task:general --description "find configs" --prompt "p1"  | r1           |
        | task:general -d 'two words' --prompt "p2"                | r2           |
        | task:general --description=short --prompt "p3"           | r3           |
        | task:general --description   spaced --prompt "p4"        | r4           |
        | ls -d .                                                  |              |
      When 执行一次运行
      Then 各调用开始事件中的说明应依次为 "find configs, two words, short, spaced, (无)"

  Rule: 连续失败的计数

    Scenario: 一轮里只要有一个调用是用法错误，这一轮就计入连续失败
      Given 环境变量 `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES=1`
      And 模型第一轮调用命令 `echo fine` 和 `no-such-command-abc`
      When 执行一次运行
      Then 运行应以 "Consecutive tool execution failures; stopping." 结束
      And 模型应该恰好被请求 1 次

    Scenario: 工具返回不带 extras 的错误结果时，这次失败不算用法错误，运行照常完成
      Given Runner 唯一的工具 "Plain" 返回不带 extras 的错误结果 "plain failure"
      And 环境变量 `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES=1`
      And 模型第一轮调用工具 "Plain"，第二轮回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 工具 "Plain" 的结果应是错误 "plain failure"

  Rule: 工具给出的不是结果时，这次调用得到说明原因的错误结果

    Scenario Outline: 工具的结果是 <结果> 时，这次调用得到说明没有结果的执行错误
      Given Runner 唯一的工具 "Odd" 的结果是 `<结果>`
      And 模型第一轮调用工具 "Odd"，第二轮回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 工具 "Odd" 的结果应恰好是 execution_error 错误 "Tool Odd returned no result (expected { isError, output, message })"，摘要相同

      Examples:
        | 结果                 |
        | null                 |
        | {"message": "x"}     |
        | {"isError": false}   |

    Scenario: 工具抛出两行的错误时，结果的消息是两行，摘要是第一行，输出为空
      Given Runner 唯一的工具 "Odd" 抛出两行的错误 "first line" 与 "second line"
      And 模型第一轮调用工具 "Odd"，第二轮回复 "还活着"
      When 执行一次运行
      Then 工具 "Odd" 的结果应恰好是 execution_error 错误 "Tool Odd failed: first line\nsecond line"，摘要为 "Tool Odd failed: first line"

    Scenario: 模型调用不存在的工具时，错误结果列出所有可用的工具
      Given Runner 的工具是 "Odd" 与 "Even"
      And 模型第一轮调用工具 "Read"，第二轮回复 "还活着"
      When 执行一次运行
      Then 工具 "Read" 的结果应恰好是 command_not_found 错误 "Unknown tool: Read. Available tools: Odd, Even. Call them as Bash(command=\"...\")."，摘要相同

  Rule: 取消只针对还在运行的调用

    Scenario: 工具返回一个没有 cancel() 且永不结束的 promise 时，中止仍让运行立刻以中断拒绝
      Given Runner 唯一的工具 "Plain" 返回一个永不结束、没有 cancel() 的 promise
      And 模型第一轮调用工具 "Plain"
      When 在工具 "Plain" 启动后中止这次运行
      Then 运行应以消息为 "The run was interrupted" 的 AbortError 拒绝

    Scenario: 中止时只取消还在运行的调用，同一轮里已经完成的调用不被取消
      Given Runner 唯一的工具 "Recorder" 对参数 {"hang": true} 的调用永不结束，其余调用立即完成，并记下每个调用的 cancel()
      And 模型第一轮调用工具 "Recorder" 两次，参数依次为 {} 与 {"hang": true}
      When 在工具 "Recorder" 的第 2 个调用启动后中止这次运行
      Then 被取消的调用应只有第 2 个

    Scenario: 任务按时完成后，它的超时计时器不会在之后取消它
      Given 环境变量 `SYNAPSE_TASK_TIMEOUT=200`
      And Runner 唯一的工具 "Bash" 对参数 {"hang": true} 的调用永不结束，其余调用立即完成，并记下每个调用的 cancel()
      And 模型第一轮调用命令 `task:general --prompt "quick"`，第二轮回复 "好了"
      When 执行一次运行
      And 等待 400 毫秒
      Then 不应有调用被取消

    Scenario: 参数里的 command 不是字符串时，调用照常交给工具，开始事件里没有命令，工具说明 command 必须是字符串
      Given 模型第一轮调用 Bash，参数是 `{"command": 42}`，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And 各调用开始事件中的命令应依次为 "(无)"
      And 工具 "Bash" 的结果应是错误 "Invalid usage: \"command\" must be a string (got number). Call it as Bash(command=\"ls -la\")."
