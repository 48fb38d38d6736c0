@own @tools
Feature: Agent 命令的边界，像同类工具那样处理
  同类的编程代理（Claude Code、Codex、Cursor）共有的做法：task:* 在启动任何东西之前校验参数，并可指定
  子代理的模型与轮数；TodoWrite 同一时刻只有一项 in_progress；单独的 `bash` 是用错了；调用不存在的工具
  （模型写成了 Read 而不是 Bash）是 command_not_found，并给出能用的写法。

  Scenario: task:* 的参数在启动子代理之前校验：不合规的 --max-turns、--model 不请求模型
    When 主代理执行子代理任务 "task:general -p 'go' --max-turns 0"
    Then 子代理任务应以错误结束，说明 "--max-turns must be a whole number from 1 to 200 (got \"0\")"
    When 主代理执行子代理任务 "task:general -p 'go' --model 'two words'"
    Then 子代理任务应以错误结束，说明 "--model must be a model name (got \"two words\")"
    When 主代理执行子代理任务 "task:general --model other-model"
    Then 子代理任务应以错误结束，说明 "missing prompt"
    And 模型应该恰好被请求 0 次

  Scenario: task:* --model 让子代理用另一个模型，--max-turns 限制它的轮数
    Given 子代理对 "keep going" 两轮都执行 `echo again`
    When 主代理执行子代理任务 "task:general -p 'keep going' --model other-model --max-turns 2"
    Then 子代理任务应以错误结束，说明 "Sub-agent task:general stopped (max_iterations): Reached the limit of 2 model requests in one run; stopping."
    And 模型收到的每次请求都应使用模型 "other-model"

  Scenario: TodoWrite 拒绝同时有两项 in_progress 的列表，列表不变
    When 路由命令 `TodoWrite '{"todos": [{"content": "A", "activeForm": "Doing A", "status": "in_progress"}, {"content": "B", "activeForm": "Doing B", "status": "in_progress"}]}'`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `todos: Only one item may be in_progress at a time (items 0, 1 are): mark the others pending or completed`
    And 不应更新 TodoStore

  Scenario: 单独的 bash 是用法错误，不是一个什么也不做的成功
    When 路由命令 `bash`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `bare `
    And stderr 应包含 `runs nothing: put the command itself in the command parameter`
    When 路由命令 `bash -c "echo still works"`
    Then 命令结果应为 stdout "still works\n"、stderr ""、退出码 0

  Scenario: 模型调用不存在的工具 Read：command_not_found，并给出经由 Bash 的写法
    Given 模型第一轮调用工具 "Read"，第二轮回复 "还活着"
    When 执行一次运行
    Then 工具 "Read" 的结果应恰好是 command_not_found 错误 "Unknown tool: Read. Available tools: Bash. Call them as Bash(command=\"...\"). read is a command of the Bash tool: Bash(command=\"read ...\")."，摘要相同
