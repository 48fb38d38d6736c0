@own
Feature: AgentRunner 扩展行为
  文档没有规定、但 AgentRunner 的使用者会期待的行为：失控的循环会停下，环境变量的坏值不致命，
  模型出错时历史保持干净，子代理只读且把用量记到主会话，损坏的会话文件能恢复，一个 Runner 一次只跑一个 run。

  Rule: 失控的循环会被停下

    Scenario: 达到 maxIterations 时以清楚的说明结束且不再请求模型
      Given Runner 的 maxIterations 为 2
      And 模型每一轮都调用工具 `echo again`
      When 执行一次运行
      Then 运行应以 "Reached the limit of 2 model requests in one run" 结束
      And 模型应该恰好被请求 2 次
      And 历史中不应存在悬空 assistant toolCalls

    Scenario: 模型一再发来参数不是 JSON 对象的工具调用时，达到连续失败阈值就停下
      Given 环境变量 `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES=2`
      And 模型每一轮都调用 Bash，参数却是 JSON 数组 `["ls"]`
      When 执行一次运行
      Then 运行应以 "Consecutive tool execution failures; stopping." 结束
      And 模型应该恰好被请求 2 次

  Rule: 环境变量的坏值回退到默认值

    Scenario: `SYNAPSE_MAX_PARALLEL_TASKS` 不是数字时按默认上限 5 并行
      Given 环境变量 `SYNAPSE_MAX_PARALLEL_TASKS=abc`
      And 同批次存在 7 个 `task:*` 调用
      When 执行该批次
      Then 任一时刻并行执行数量不应超过 `5`

    Scenario: `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES` 设置连续失败阈值
      Given 环境变量 `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES=1`
      And 模型第一轮调用一个不存在的命令
      When 执行一次运行
      Then 运行应以 "Consecutive tool execution failures; stopping." 结束
      And 模型应该恰好被请求 1 次

  Rule: 模型出错时历史保持干净

    Scenario: 模型在第二轮返回 HTTP 错误时运行带着 API 的消息失败，只留下已确认的消息
      Given 使用临时会话目录创建 Runner
      And 模型第一轮调用工具 `echo one`，第二轮以 HTTP 500 "upstream exploded" 失败
      When 执行一次运行
      Then 运行应以包含 "upstream exploded" 的错误失败
      And 落盘历史的角色应依次为 "user, assistant, tool"

    Scenario: 模型在一轮里给两个工具调用同一个 id 时，这一轮在下一次请求前被移出历史并报告，落盘历史仍然配对完整
      Given 使用临时会话目录创建 Runner
      And 模型第一轮用同一个 id 调用 `echo a` 与 `echo b`，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And Runner 应报告从历史中移除了 3 条消息、补上了 0 条
      And 模型第二次收到的消息角色应依次为 "system, user"
      And 落盘历史的角色应依次为 "user, assistant"

  Rule: 子代理

    Scenario: `task:explore` 子代理是只读的
      Given 模型发起一个 `task:explore` 子代理，子代理尝试 `write secret.txt leaked`
      When 执行一次运行
      Then 工作目录中不应出现 "secret.txt"
      And 子代理收到的工具结果应说明 "read-only"

    Scenario: 子代理的 usage 自动计入主会话
      Given 使用临时会话目录创建 Runner
      And 主代理两轮各用 15 与 5 个 token，其间一个 `task:general` 子代理用 5 个 token
      When 执行一次运行
      Then 主会话 usage 的 total_tokens 应为 25，rounds 为 3
      And 主代理收到的子代理结果应恰好是 "Counted."

    Scenario: `task:general` 子代理能写文件；它的系统提示说明它的工作目录和唯一的工具
      Given 子代理先执行 `write notes.txt done`，然后回复 "写好了"
      When 主代理执行子代理任务 "task:general -p 'write the notes'"
      Then 子代理任务的输出应恰好是 "写好了"
      And 工作目录中的 "notes.txt" 应包含 "done"
      And 子代理的系统提示应说明它的工作目录，且它唯一的工具是 Bash

    Scenario: 子代理的模型请求失败时，任务以说明原因的错误结束
      Given 子代理的模型请求以 HTTP 500 "upstream exploded" 失败
      When 主代理执行子代理任务 "task:general -p 'doomed'"
      Then 子代理任务应以错误结束，说明 "Sub-agent task:general failed: 500 upstream exploded"

    Scenario: 子代理没有完成就停下时，任务报告停下的原因和它最后的话
      Given 环境变量 `SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES=1`
      And 子代理调用一个不存在的命令
      When 主代理执行子代理任务 "task:general -p 'try something'"
      Then 子代理任务应以错误结束，说明 "Sub-agent task:general stopped (consecutive_failures): Consecutive tool execution failures; stopping."

    Scenario: 未知的子代理类型被拒绝，错误列出可用的类型，不请求模型
      When 主代理执行子代理任务 "task:bogus -p 'anything'"
      Then 子代理任务应以错误结束，说明 "Unknown task type: bogus. Available: task:general, task:explore, task:skill"
      And 模型应该恰好被请求 0 次

    Scenario: 子代理的用量没能记入主会话时，任务照常完成并说明用量丢失
      Given 主会话记录用量时失败："disk full"
      And 子代理用 5 个 token 回复 "完成了"
      When 主代理执行子代理任务 "task:general -p 'count'"
      Then 子代理任务的输出应恰好是 "完成了\n\n[Note] The sub-agent's token usage could not be recorded in the session: disk full"

    Scenario: 嵌套的 task 命令夹在别的参数旁边也被拒绝
      Given 子代理调用 `Bash(timeout=30, command="task:skill:search deployment guides")`，然后收尾
      When 主代理执行子代理任务 "task:general -p 'nest with a timeout'"
      Then 子代理收到的工具结果应是嵌套任务的拒绝
      And 子代理任务的结果应包含 "[Note] 1 nested task command(s) were not run"

    Scenario: 只是提到 task: 的普通命令不是嵌套任务，在子代理里照常执行
      Given 子代理收到 "mention a task" 后先执行 `echo task:general is only text`，然后回复 "echoed"
      When 主代理执行子代理任务 "task:general -p 'mention a task'"
      Then 子代理任务的输出应恰好是 "echoed"
      And 子代理的那次工具调用应成功，输出 "task:general is only text\n"

    Scenario: 库的使用者没有给扩展层时，`task:skill:search` 的技能子代理被告知没有安装任何技能
      Given 技能子代理对 "find a linter" 回复 "No skill fits."
      When 主代理执行子代理任务 "task:skill:search find a linter"
      Then 子代理任务的输出应恰好是 "No skill fits."
      And 技能子代理收到的系统提示应包含 `Skill catalog: no skills are installed.`

    Scenario: 库的使用者取消子代理任务时，执行器以中止拒绝，子代理的运行也被中止
      Given 子代理的模型回复要等 5000 毫秒
      When 直接通过子代理执行器运行一个任务，并在子代理请求模型后取消
      Then 执行器应以中止错误拒绝，而不是报告任务失败
      And 子代理的运行应被中止

  Rule: 损坏的会话文件不致命

    Scenario: 历史中间一行损坏时该行移入隔离文件，失去结果的调用补上中断结果，恢复后文件被重写干净
      Given 会话文件中已存在历史消息
      And 会话历史文件的第 3 行被写坏
      When 用 `sessionId` 新建 Runner 且尚未执行新输入
      Then 上下文统计的消息数应为 4
      And 会话历史文件应只剩 4 行且每一行都是合法 JSON

  Rule: 一个 Runner 一次只跑一个 run

    Scenario: 并发调用 run 时第二个调用被清楚地拒绝
      Given 模型的回复要等 200 毫秒
      When 同时发起两次运行
      Then 第二次运行应以 "a run is already in progress" 失败
      And 第一次运行应正常完成
