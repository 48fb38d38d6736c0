@own
Feature: 上下文窗口：每个模型一个窗口，阈值与窗口成比例
  文档没有说窗口多大、阈值取多少。这里的规定：窗口依次取显式选项（contextWindow、--context-window）、
  环境变量 SYNAPSE_CONTEXT_WINDOW、常见模型的内置表（按名字最长的前缀，带供应商前缀或 Ollama 标签的名字也认），
  都没有时取 128000；各阈值与窗口成比例（为什么是这些数，见 docs/context.md），显式给出的阈值不随窗口变。

  Scenario Outline: 没有显式窗口时按模型名查表，查不到时用 128000
    When 查询模型 "<模型>" 的上下文窗口
    Then 上下文窗口应为 <窗口> 个 token，来自 "<来源>"

    Examples:
      | 模型                | 窗口    | 来源    |
      | gpt-4o-mini         | 128000  | table   |
      | gpt-4               | 8192    | table   |
      | gpt-4-turbo-preview | 128000  | table   |
      | openai/gpt-4.1-mini | 1047576 | table   |
      | qwen2.5:7b          | 32768   | table   |
      | Claude-Sonnet-4     | 200000  | table   |
      | my-local-model      | 128000  | default |

  Scenario: SYNAPSE_CONTEXT_WINDOW 胜过模型表，显式窗口又胜过它；不是正整数的环境值被忽略
    Given 环境变量 `SYNAPSE_CONTEXT_WINDOW=16000`
    When 查询模型 "gpt-4o" 的上下文窗口
    Then 上下文窗口应为 16000 个 token，来自 "env"
    When 以显式窗口 9000 查询模型 "gpt-4o" 的上下文窗口
    Then 上下文窗口应为 9000 个 token，来自 "option"
    Given 环境变量 `SYNAPSE_CONTEXT_WINDOW=lots`
    When 查询模型 "gpt-4o" 的上下文窗口
    Then 上下文窗口应为 128000 个 token，来自 "table"

  Scenario: 显式窗口不是正整数时指明错在哪里
    When 以显式窗口 0 查询模型 "gpt-4o" 的上下文窗口
    Then 查询应以 "contextWindow must be a positive whole number of tokens, got 0" 失败

  Scenario: 默认阈值与窗口成比例
    Then 16000 token 窗口的默认设置应为:
      | 设置                    | 值    |
      | offloadThreshold        | 12000 |
      | requestLimit            | 14400 |
      | compactTriggerThreshold | 1200  |
      | preserveTokens          | 4800  |
      | summaryTokens           | 800   |
      | scanRatio               | 0.5   |
      | minChars                | 1000  |
      | preserveCount           | 5     |
      | compactCooldownSteps    | 5     |
      | compactRetries          | 2     |
    And 2000000 token 窗口的 summaryTokens 应为 8000，2000 token 窗口的应为 200

  Scenario: Runner 的窗口按它的模型取
    Given Runner 的模型为 "gpt-4"
    Then Runner 的上下文窗口应为 8192 个 token
