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
