@own
Feature: AgentRuntime 业务规则：对每一种执行器逐条断言
  agent-runtime.md 的「业务规则」一节只陈述规则，没有场景；文档的转写 features/agent-runtime.feature 保留规则原文。
  这里的场景是我们自己写的：每条规则对每一种指令（正常与出错）逐一断言，规则名与文档一致，便于对照。

  Rule: 执行器优先级
    规则: Agent 提供的执行器 > 配置中的执行器 > 内置执行器

    Scenario Outline: <instruction> 指令按 Agent > 配置 > 内置 的顺序选择执行器
      Given 执行器层 "<layers>" 都提供了 "<instruction>" 执行器
      When Agent 返回 "<instruction>" 指令（正常）并执行一步
      Then "<instruction>" 指令应该由 "<winner>" 层的执行器处理

      Examples:
        | instruction           | layers       | winner |
        | call_llm              | agent,config | agent  |
        | call_llm              | config       | config |
        | call_llm              | -            | 内置     |
        | call_tool             | agent,config | agent  |
        | call_tool             | config       | config |
        | call_tool             | -            | 内置     |
        | request_human_approve | agent,config | agent  |
        | request_human_approve | config       | config |
        | request_human_approve | -            | 内置     |
        | request_human_prompt  | agent,config | agent  |
        | request_human_prompt  | config       | config |
        | request_human_prompt  | -            | 内置     |
        | request_human_select  | agent,config | agent  |
        | request_human_select  | config       | config |
        | request_human_select  | -            | 内置     |
        | finish                | agent,config | agent  |
        | finish                | config       | config |
        | finish                | -            | 内置     |

  Rule: 事件累积
    规则: 每次步骤执行产生的事件都必须被添加到状态的事件历史中

    Scenario Outline: <instruction> 指令（<outcome>）产生的事件被追加到已有的事件历史之后
      Given 状态中已有之前步骤留下的事件
      When Agent 返回 "<instruction>" 指令（<outcome>）并执行一步
      Then 新状态的事件历史应该等于之前的事件加上本步产生的全部事件

      Examples:
        | instruction           | outcome |
        | call_llm              | 正常      |
        | call_llm              | 出错      |
        | call_tool             | 正常      |
        | call_tool             | 出错      |
        | request_human_approve | 正常      |
        | request_human_approve | 出错      |
        | request_human_prompt  | 正常      |
        | request_human_prompt  | 出错      |
        | request_human_select  | 正常      |
        | request_human_select  | 出错      |
        | finish                | 正常      |
        | finish                | 出错      |

  Rule: 状态不可变性
    规则: 每次步骤执行都应该返回新的状态对象，而不是修改原状态

    Scenario Outline: <instruction> 指令（<outcome>）不修改调用者的状态
      Given 状态中已有之前步骤留下的事件
      And 我记下了当前状态的深拷贝
      When Agent 返回 "<instruction>" 指令（<outcome>）并执行一步
      Then 原状态应该与记下的深拷贝完全相同
      And 新状态应该是一个不同的对象且可以被 JSON 无损序列化

      Examples:
        | instruction           | outcome |
        | call_llm              | 正常      |
        | call_llm              | 出错      |
        | call_tool             | 正常      |
        | call_tool             | 出错      |
        | request_human_approve | 正常      |
        | request_human_approve | 出错      |
        | request_human_prompt  | 正常      |
        | request_human_prompt  | 出错      |
        | request_human_select  | 正常      |
        | request_human_select  | 出错      |
        | finish                | 正常      |
        | finish                | 出错      |

    Scenario: 直接执行已批准的工具调用也不修改调用者的状态
      Given 我有一个配置了工具的 Agent
      And 我记下了当前状态的深拷贝
      When 我使用工具调用参数执行步骤
      Then 原状态应该与记下的深拷贝完全相同
      And 新状态应该是一个不同的对象且可以被 JSON 无损序列化

  Rule: 错误处理
    规则: 所有执行器错误都应该被转换为错误事件，而不是让异常传播

    Scenario Outline: <instruction> 指令出错时转换为错误事件
      When Agent 返回 "<instruction>" 指令（出错）并执行一步
      Then 步骤应该只产生一个错误事件，错误消息包含 "<message>"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | instruction           | message                            |
        | call_llm              | model overloaded                   |
        | call_tool             | tool exploded                      |
        | request_human_approve | pendingToolsCalling                |
        | request_human_prompt  | prompt                             |
        | request_human_select  | options                            |
        | finish                | reason                             |
        | teleport              | Unknown instruction type: teleport |

    Scenario Outline: 自定义的 <instruction> 执行器抛出异常时同样转换为错误事件
      Given "<instruction>" 执行器会抛出 "executor broke"
      When Agent 返回 "<instruction>" 指令（正常）并执行一步
      Then 步骤应该只产生一个错误事件，错误消息包含 "executor broke"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | instruction           |
        | call_llm              |
        | call_tool             |
        | request_human_approve |
        | request_human_prompt  |
        | request_human_select  |
        | finish                |

  Rule: 会话隔离
    规则: 每个状态必须包含唯一的 sessionId

    Scenario Outline: 两个会话并发执行 <instruction> 指令时互不串扰
      Given 两个会话 "session-a" 与 "session-b" 共用同一个运行时
      When 两个会话同时执行 "<instruction>" 指令
      Then 每个会话的新状态和事件都只带有自己的 sessionId 和消息

      Examples:
        | instruction           |
        | call_llm              |
        | call_tool             |
        | request_human_approve |
        | request_human_prompt  |
        | request_human_select  |
        | finish                |

    Scenario: 不指定会话 ID 创建的初始状态各自拥有唯一的 sessionId
      When 我不指定会话 ID 创建 100 个初始状态
      Then 它们的 sessionId 应该互不相同且形如 "session-<时间>-<随机>"

    Scenario: 缺少 sessionId 的状态不能执行步骤
      Given 当前状态的 sessionId 为空
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "state.sessionId"
      And Agent 的 runner 方法不应该被调用
