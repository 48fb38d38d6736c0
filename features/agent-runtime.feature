@source:agent-runtime.md
Feature: AgentRuntime BDD 规范文档
  本文档使用行为驱动开发（BDD）的方式描述 AgentRuntime 的预期行为。每个场景都使用 Given-When-Then 的格式，清晰地描述系统在不同条件下的表现。

  Rule: Agent Runtime 初始化和配置

    Scenario: 使用默认内置执行器创建运行时
      Given 我有一个基本的 Agent 实现
      When 我创建一个不带配置的 AgentRuntime
      Then 运行时应该包含所有内置执行器
      And 执行器应该包括: call_llm, call_tool, finish, request_human_approve, request_human_prompt, request_human_select

    Scenario: 配置执行器覆盖内置执行器
      Given 我有一个基本的 Agent 实现
      And 我有一个自定义的 finish 执行器
      When 我在配置中提供自定义执行器创建 AgentRuntime
      Then 自定义执行器应该覆盖对应的内置执行器
      And 其他内置执行器应该保持不变

    Scenario: Agent 执行器具有最高优先级
      Given 我有一个带有自定义执行器的 Agent
      And 我在配置中也提供了同名的执行器
      When 我创建 AgentRuntime
      Then Agent 的执行器应该被使用
      And 配置中的执行器应该被忽略

  Rule: 步骤执行

    Scenario: 执行已批准的工具调用
      Given 我有一个配置了工具的 Agent
      And 我有一个有效的工具调用请求
      When 我使用工具调用参数执行步骤
      Then 工具应该被直接执行
      And 应该产生工具结果事件
      And 工具消息应该被添加到状态中

    Scenario: 标准的 Agent 决策流程
      Given 我有一个 Agent 和初始状态
      When 我执行步骤而不提供工具调用
      Then Agent 的 runner 方法应该被调用
      And 返回的指令应该被相应的执行器处理
      And 产生的事件应该被添加到状态历史中

    Scenario: 处理执行过程中的错误
      Given 我有一个会抛出错误的 Agent
      When 我执行步骤
      Then 错误应该被捕获
      And 应该产生错误事件
      And 状态应该被设置为错误状态
      And 错误信息应该被保存在状态中

  Rule: LLM 调用执行器

    Scenario: 要求配置 modelRuntime
      Given 我有一个会返回 call_llm 指令的 Agent
      And 我没有配置 modelRuntime
      When 我执行步骤
      Then 应该抛出错误
      And 错误消息应该提示需要 LLM provider

    Scenario: 处理流式 LLM 响应
      Given 我有一个配置了 modelRuntime 的运行时
      And modelRuntime 会产生流式响应
      When Agent 返回 call_llm 指令时
      Then 应该产生 llm_start 事件
      And 应该为每个流式块产生 llm_stream 事件
      And 应该产生包含完整内容的 llm_result 事件
      And 内容应该从所有流式块中累积

    Scenario: 处理包含工具调用的 LLM 响应
      Given 我有一个配置了 modelRuntime 的运行时
      And modelRuntime 会返回工具调用
      When Agent 返回 call_llm 指令时
      Then 应该产生包含工具调用的 llm_result 事件
      And 工具调用信息应该被正确解析

  Rule: 工具调用执行器

    Scenario: 成功执行工具并添加结果到消息
      Given 我有一个注册了工具的 Agent
      And 我有一个有效的工具调用指令
      When 工具执行器被调用
      Then 工具应该被执行并传入正确的参数
      And 应该产生工具结果事件
      And 工具消息应该被添加到状态的消息列表中

    Scenario: 处理未知工具错误
      Given 我有一个没有注册特定工具的 Agent
      And 我有一个调用未知工具的指令
      When 工具执行器被调用
      Then 应该产生错误事件
      And 错误消息应该指出工具未找到

  Rule: 人机交互执行器

    Scenario: 处理人工批准请求
      Given 我有一个返回 request_human_approve 指令的 Agent
      And 指令包含待批准的工具调用列表
      When 人工批准执行器被调用
      Then 应该产生 human_approve_required 事件
      And 应该产生 tool_pending 事件
      And 状态应该被设置为 waiting_for_human_input
      And 待批准的工具调用应该被保存在状态中

    Scenario: 处理人工输入提示请求
      Given 我有一个返回 request_human_prompt 指令的 Agent
      And 指令包含提示消息和元数据
      When 人工提示执行器被调用
      Then 应该产生 human_prompt_required 事件
      And 事件应该包含会话 ID、提示消息和元数据
      And 状态应该被设置为 waiting_for_human_input

    Scenario: 处理人工选择请求
      Given 我有一个返回 request_human_select 指令的 Agent
      And 指令包含选项列表和选择配置
      When 人工选择执行器被调用
      Then 应该产生 human_select_required 事件
      And 事件应该包含所有选项和配置信息
      And 状态应该被设置为 waiting_for_human_input

  Rule: 完成执行器

    Scenario: 标记对话为完成状态
      Given 我有一个返回 finish 指令的 Agent
      When 完成执行器被调用
      Then 应该产生 done 事件
      And 事件应该包含最终状态
      And 状态应该被设置为 done

  Rule: 状态创建

    Scenario: 创建不带消息的初始状态
      Given 我提供一个会话 ID
      When 我调用 createInitialState
      Then 应该返回包含会话 ID 的初始状态
      And 消息列表应该为空
      And 状态应该为 idle
      And 应该设置创建时间和最后修改时间

    Scenario: 创建带消息的初始状态
      Given 我提供一个会话 ID 和初始消息
      When 我调用 createInitialState
      Then 应该返回包含指定消息的初始状态
      And 消息应该被正确设置

  Rule: 完整对话流程

    Scenario: 完成一个包含工具调用的完整对话流程
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息
      Then 系统应该调用 LLM 处理用户问题
      And LLM 应该返回需要调用天气工具的响应
      And Agent 应该请求人工批准工具调用
      And 在人工批准后应该执行天气工具
      And 最后应该调用 LLM 生成包含天气信息的最终响应

  Rule: 执行器优先级
    规则: Agent 提供的执行器 > 配置中的执行器 > 内置执行器
    原因: 允许最大化的自定义能力，同时保持向后兼容性

  Rule: 事件累积
    规则: 每次步骤执行产生的事件都必须被添加到状态的事件历史中
    原因: 保持完整的执行轨迹，支持调试、审计和状态重放

  Rule: 状态不可变性
    规则: 每次步骤执行都应该返回新的状态对象，而不是修改原状态
    原因: 保证状态的不可变性，避免意外的副作用

  Rule: 错误处理
    规则: 所有执行器错误都应该被转换为错误事件，而不是让异常传播
    原因: 保持系统的稳定性和可预测性

  Rule: 会话隔离
    规则: 每个状态必须包含唯一的 sessionId
    原因: 支持多会话并发处理和状态隔离
