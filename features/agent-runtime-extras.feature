@own
Feature: AgentRuntime 扩展行为
  文档没有规定、但一个可持久化的 Agent 运行时的使用者会期待的行为：
  等待人工输入的会话可以跨进程恢复，人可以拒绝、回答和选择，坏输入和坏的模型流都变成清楚的错误。

  Rule: 等待人工输入的会话可以跨进程恢复

    Scenario: 等待批准的状态经过 JSON 往返后由新的运行时继续执行
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息，运行时推进到等待人工批准
      And 状态被保存为 JSON 后由一个新的运行时载入
      And 人工批准待处理的工具调用，运行时继续到最终回答
      Then 新的运行时中的天气工具应该被执行
      And 最后应该调用 LLM 生成包含天气信息的最终响应

  Rule: 人可以拒绝、回答和选择

    Scenario: 人工拒绝工具调用后工具不被执行，模型收到拒绝说明
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息，运行时推进到等待人工批准
      And 人工以 "not today" 为理由拒绝待处理的工具调用
      And 运行时再执行一步
      Then 天气工具不应该被执行
      And 模型收到的工具消息应该说明调用被拒绝及理由 "not today"

    Scenario: 回答人工提示后答案作为用户消息加入对话
      Given 我有一个返回 request_human_prompt 指令的 Agent
      And 指令包含提示消息和元数据
      When 人工提示执行器被调用
      And 人工回答 "Alice"
      Then 状态应该回到 running 且不再有待回答的提示
      And 最后一条消息应该是用户消息 "Alice"

    Scenario: 人工选择必须是给出的选项之一
      Given 我有一个返回 request_human_select 指令的 Agent
      And 指令包含选项列表和选择配置
      When 人工选择执行器被调用
      Then 选择 "opt3" 应该被拒绝并说明可选的值 "opt1, opt2"
      And 单选时同时选择 "opt1,opt2" 应该被拒绝
      And 选择 "opt2" 后最后一条消息应该是用户消息 "opt2"

  Rule: 坏输入和坏的模型流变成清楚的错误

    Scenario: 工具参数不是合法 JSON 时产生错误事件且工具不被执行
      Given 我有一个注册了工具的 Agent
      And 工具调用的参数是 "{expression: 2+2"
      When 工具执行器被调用
      Then 步骤应该只产生一个错误事件，错误消息包含 "Invalid arguments for tool calculator"
      And 计算器工具不应该被执行

    Scenario: 模型流在回复完成前断开时产生错误事件而不是挂起
      Given 我有一个配置了 modelRuntime 的运行时
      And 模型的流会在回复完成前断开
      When Agent 返回 call_llm 指令时
      Then 步骤应该只产生一个错误事件，错误消息包含 "ended before the reply was complete"
      And 新状态应该为 error 并保存同样的错误信息

    Scenario: 模型返回 HTTP 错误时错误事件带有 API 的错误消息
      Given 我有一个配置了 modelRuntime 的运行时
      And 模型会以 HTTP 401 "Incorrect API key provided" 拒绝请求
      When Agent 返回 call_llm 指令时
      Then 步骤应该只产生一个错误事件，错误消息包含 "Incorrect API key provided"
