@own @cli
Feature: synapse run 的成本与预算
  成本进入 NDJSON 的 result（summary.costUsd）、给人看的结束汇总行和 sessions stats，子代理的花费计入。
  --max-budget-usd（或设置里的 maxBudgetUsd）在花费超过预算后让运行在下一次模型请求前停下：退出码 1，一行说明预算与花费，
  NDJSON 的 result 的 stopReason 是 budget_exceeded，会话保留完整的轮次。模型没有价格时预算无法执行：坏输入，什么都不发送。

  Background:
    Given CLI 的 HOME 中有文件 ".synapse/pricing.json" 内容为:
      """
      {"priced-model": {"inputPerMillion": 1000, "outputPerMillion": 2000}}
      """

  Scenario: result 的 summary.costUsd 与结束汇总行都算上子代理的调用
    Given CLI 模型会调用 Bash 执行 "task:general --prompt 'count the files' --description count"
    And CLI 模型会回复 "3 files"
    And CLI 模型会回复 "There are 3 files."
    When CLI 运行 synapse "run --no-session --json --model priced-model --base-url <model> 'How many files?'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "summary.costUsd" 应该约等于 0.052
    And CLI JSON 输出中第 2 个 "usage" 事件应该有字段 "costUsd" 为 "0.016"
    Given CLI 模型会调用 Bash 执行 "task:general --prompt 'count the files' --description count"
    And CLI 模型会回复 "3 files"
    And CLI 模型会回复 "There are 3 files."
    When CLI 运行 synapse "run --no-session --model priced-model --base-url <model> 'How many files?'"
    Then CLI 标准错误的最后一行应该是汇总 "3 model calls · 30 tokens in / 11 out · $0.05 · 1 tool call" 加上用时

  Scenario: 超出 --max-budget-usd 后在下一次请求前停下：退出码 1，一行说明，result 的 stopReason，会话保留完整的轮次
    Given CLI 模型会调用 Bash 执行 "echo working"
    When CLI 运行 synapse "run --json --max-budget-usd 0.01 --model priced-model --base-url <model> 'do it'"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该只有一行且包含 "synapse: run stopped (budget exceeded): Spent $0.02 in this run, past its budget of $0.01; stopping before the next model request."
    And CLI JSON 输出的最后一行的 "stopReason" 应该是 "budget_exceeded"
    And CLI 模型应该收到 1 次请求
    And CLI 记下 JSON 结果中的 sessionId 为 "id"
    And CLI 会话 "<id>" 的历史中每个工具调用都有结果

  Scenario: 设置文件里的 maxBudgetUsd 同样生效
    Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
      """
      {"model": "priced-model", "maxBudgetUsd": 0.01}
      """
    And CLI 模型会调用 Bash 执行 "echo working"
    When CLI 运行 synapse "run --no-session --base-url <model> 'do it'"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "synapse: run stopped (budget exceeded): Spent $0.02 in this run, past its budget of $0.01"

  Scenario Outline: 预算无法执行时是坏输入，模型收不到请求
    When CLI 运行 synapse "run --no-session --base-url <model> <参数> hi"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "<说明>"
    And CLI 模型应该收到 0 次请求

    Examples:
      | 参数                                            | 说明                                                                  |
      | --max-budget-usd 1 --model unpriced-model       | a budget needs a price for model unpriced-model                       |
      | --max-budget-usd abc                            | --max-budget-usd must be a positive number of US dollars (got \"abc\")|
      | --max-budget-usd 0                              | --max-budget-usd must be a positive number of US dollars (got \"0\")  |

  Scenario: sessions stats 按今天的价格给出会话的成本；无法使用的定价文件只告警一次，成本为 N/A
    Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "id"
    And CLI 的 HOME 中有文件 ".synapse/pricing.json" 内容为:
      """
      {"scripted-demo": {"inputPerMillion": 1, "outputPerMillion": 2}}
      """
    When CLI 运行 synapse "sessions stats <id>"
    Then CLI 标准输出应该包含 "Token: 913 in / 52 out | Cache: 0 read / 0 write (0% hit) | Cost: $0.0010"
    When CLI 运行 synapse "sessions stats <id> --json"
    Then CLI JSON 输出的最后一行的 "usage.costUsd" 应该约等于 0.001017
    Given CLI 的 HOME 中有文件 ".synapse/pricing.json" 内容为:
      """
      {"scripted-demo": {"inputPerMillion": "1"}}
      """
    When CLI 运行 synapse "sessions stats <id>"
    Then CLI 标准输出应该包含 "| Cost: N/A (no price for a model used: see ~/.synapse/pricing.json)"
    And CLI 标准错误应该只有一行且包含 "pricing.json is not valid at scripted-demo.inputPerMillion"
