@own
Feature: AgentRunner 的历史、会话与事件监听器
  文档没有规定、但库的使用者会依赖的行为：没有会话时历史同样在请求前被修复并报告；会话记下用户的原话和注入的指令块；
  关闭后的 Runner 不再写会话并清楚地说明原因；没有监听器、监听器抛错或返回被拒绝的 promise 都不影响运行，
  失败只报告一次，没有给失败回调时以一条进程警告报告。

  Rule: 历史与会话

    Scenario: 没有会话时，模型给两个工具调用同一个 id 的那一轮也在下一次请求前被移出历史并报告
      Given 模型第一轮用同一个 id 调用 `echo a` 与 `echo b`，第二轮回复 "好了"
      When 执行一次运行
      Then 运行应以 "好了" 结束
      And Runner 应报告从历史中移除了 3 条消息、补上了 0 条
      And 模型第二次收到的消息角色应依次为 "system, user"

    Scenario: 会话里的首条用户消息记下用户的原话，并标明注入了技能搜索指令块
      Given 使用临时会话目录创建 Runner
      And 模型会回复 "好的"
      When 以输入 "整理一下笔记" 再执行一次运行
      Then 落盘的首条用户消息应记下用户的原话 "整理一下笔记"，并标明注入了 "skill_search_instruction"

    Scenario: 关闭后的 Runner 再运行时以指明会话的错误失败，不问模型，不创建会话
      Given 使用临时会话目录创建 Runner
      When 关闭 Runner 后执行一次运行
      Then 运行应以 "AgentRunner is closed: session <会话 id> cannot be written" 失败
      And 模型不应收到任何请求
      And 会话目录中不应有任何会话

  Rule: 事件监听器

    Scenario: 没有事件监听器的 Runner 照常完成运行，不发出进程警告
      Given 模型会回复 "好的"
      When 不带事件监听器执行一次运行
      Then 这次运行应返回 "好的"
      And 不应有进程警告

    Scenario: 事件监听器每次都返回被拒绝的 promise 时，失败只被报告一次，运行照常完成
      Given 事件监听器每次都返回被拒绝的 promise
      And 模型会回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 监听器的失败应只被报告 1 次

    Scenario: 抛错的事件监听器没有失败回调时，进程收到一条警告，说明监听器的错误且运行继续
      Given 事件监听器每次都抛错，且没有给失败回调
      And 模型会回复 "还活着"
      When 执行一次运行
      Then 运行应以 "还活着" 结束
      And 进程应只收到一条 SYNAPSE_LISTENER_FAILED 警告 "an onEvent listener threw (listener failed on run_started); the run goes on, and further failures of this listener are not reported"

  Rule: 运行报告的事件

    Scenario: 一次带工具调用的运行依次报告开始、模型回复、工具调用和结束
      Given 模型第一轮调用命令 `echo hi`，第二轮回复 "好了"
      When 执行一次运行
      Then Runner 报告的事件类型（不含流式文本）应依次为 "run_started, assistant_message, tool_call_started, tool_call_finished, assistant_message, run_finished"
      And 开始事件应带着输入 "Please do the work." 和会话 id null
      And 第 2 个模型回复事件应带着文本 "好了"，没有工具调用

    Scenario: 待办没做完就收尾时，提醒作为 reminder 事件报告，内容与发给模型的提醒相同
      Given 当前轮无工具调用
      And `todoStore` 中仍有 `pending/in_progress` 项
      When Agent 准备结束本轮
      Then Runner 报告的提醒应恰好是：
        """
        [System Reminder] Your todo list still has unfinished items:
        - [in_progress] Write the report
        - [pending] Send the report
        Continue working on them, and update the list with TodoWrite as you go. Finish only when every item is completed.
        """
      And 模型第二次收到的最后一条消息应是这条提醒

    Scenario: 技能目录里有被跳过的技能时，Runner 在第一次运行报告一次警告，之后的运行不再报告
      Given 工作目录的 ".agents/skills/broken/SKILL.md" 没有 frontmatter
      And 模型会回复 "第一次"
      And 模型会回复 "第二次"
      When 执行一次运行
      And 以输入 "再来一次" 再执行一次运行
      Then Runner 应只报告 1 条警告，它以 "skill " 开头并指出 "broken/SKILL.md: skipped:"

  Rule: 没有会话时的统计

    Scenario: 没有会话的 Runner 的上下文统计数的是内存中的历史
      Given 模型会回复 "好的"
      When 执行一次运行
      Then 上下文统计的消息数应为 2

  Rule: 续接的会话

    Scenario: 续接一个已有标题的会话再运行，会话的标题不变
      Given 使用临时会话目录创建 Runner
      And 模型会回复 "第一次"
      And 模型会回复 "第二次"
      When 以输入 "整理一下笔记" 再执行一次运行
      And Runner 重启后以输入 "再整理一遍" 再执行一次运行
      Then 落盘会话的标题应为 "整理一下笔记"

    Scenario: 续接一个有一行被写坏的会话时，每个问题只报告一次：坏行被隔离，失去结果的调用补上了中断结果
      Given 会话文件中已存在历史消息
      And 会话历史文件的第 3 行被写坏
      And 模型会回复 "好的"
      When 执行一次运行
      Then Runner 应报告 2 条会话警告：第 3 行被隔离，以及 "tool call call_ls had no result; answered with an \"[interrupted]\" result"

    Scenario: 正常返回的事件监听器没有给失败回调时，也不发出进程警告
      Given 事件监听器正常返回，且没有给失败回调
      And 模型会回复 "好的"
      When 执行一次运行
      Then 运行应以 "好的" 结束
      And 不应有进程警告
