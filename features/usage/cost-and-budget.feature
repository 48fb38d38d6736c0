@own
Feature: 成本与预算：按模型计价、子代理计入、预算在下一次模型请求前生效
  价格来自 ~/.synapse/pricing.json（上游的形状：每个模型 inputPerMillion、outputPerMillion、cacheReadPerMillion、
  cacheWritePerMillion，美元每百万 token）。文件缺失表示没有定价；文件无法使用时也没有定价，并告警一次，指出文件和字段。
  没有价格的模型成本为 null（显示 N/A），空会话为 $0.00。服务器报告的缓存读写 token 被保存并按缓存价格计价。
  预算（maxBudgetUsd）约束一次运行的花费，子代理的花费计入：花费超过预算后，在下一次模型请求前停下，会话只保留完整的轮次。

  Rule: 每次模型调用按它用的模型计价，运行汇总把成本相加

    Scenario: usage 事件带上成本，运行汇总的 costUsd 是它们的和
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And 模型先调用 `echo one` 并用掉 1000 与 100 个 token，再回复 "完成" 并用掉 2000 与 50 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then usage 事件的成本应该依次是 "0.0028, 0.0044"
      And 运行汇总的成本应该是 0.0072 美元

    Scenario: 子代理的每次调用都按价格计入父运行的成本与会话
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的会话保存在临时目录
      And 模型先让子代理 "count the files" 工作，子代理调用 `echo 3` 后回复 "3 files"，每次各用掉 1000 与 100 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then usage 事件的成本应该依次是 "0.0028, 0.0028, 0.0028, 0.0028"
      And 运行汇总的成本应该是 0.0112 美元
      And 会话记录的用量应该是 4 次调用、4000 个输入 token

    Scenario: 服务器报告的缓存 token 被保存，并按缓存价格计价
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元、缓存读 0.5 美元、缓存写 2.5 美元
      And Runner 的会话保存在临时目录
      And 模型回复 "好" 并报告 1000 个输入 token，其中 600 个读自缓存、100 个写入缓存，输出 10 个
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 会话的 usage.jsonl 应该记下缓存读 600、缓存写 100
      And 运行汇总的成本应该是 0.00123 美元

    Scenario Outline: 价格按模型名精确匹配（不计大小写），相近的名字不算
      Given 定价文件给模型 "<定价里的名字>" 每百万 token 输入 2 美元、输出 8 美元
      And 模型回复 "好" 并用掉 1000 与 100 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then usage 事件的成本应该依次是 "<成本>"

      Examples:
        | 定价里的名字      | 成本   |
        | test-model        | 0.0028 |
        | Test-Model        | 0.0028 |
        | test-model-latest | null   |
        | test              | null   |

  Rule: 定价文件缺失或无法使用时没有定价

    Scenario: 没有定价文件：成本为 null，不告警
      Given 模型回复 "好" 并用掉 10 与 3 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then usage 事件的成本应该依次是 "null"
      And 运行汇总的成本应该是 null
      And Runner 不应该发出 warning 事件

    Scenario Outline: 无法使用的定价文件：整个文件都不用，同一个 Runner 只告警一次
      Given 定价文件的内容是 '<内容>'
      And 模型回复 "好" 并用掉 10 与 3 个 token
      And 模型回复 "又好" 并用掉 10 与 3 个 token
      When 同一个 Runner 先后执行两次运行
      Then usage 事件的成本应该依次是 "null, null"
      And Runner 应该只发出一个 warning 事件，包含 "<说明>"

      Examples:
        | 内容                                                                              | 说明                                                               |
        | {"test-model": {"inputPerMillion": 2, "outputPerMillion": 8}, "x": {"input": 1}} | pricing.json is not valid at x.inputPerMillion: Invalid input       |
        | {"test-model": {"inputPerMillion": -2, "outputPerMillion": 8}}                   | is not valid at test-model.inputPerMillion: Too small               |
        | {not json                                                                         | pricing.json is not valid JSON                                     |
        | []                                                                                | pricing.json is not valid at the file: Invalid input               |

    Scenario: 定价文件的位置上是一个目录：没有定价，告警说明无法读取
      Given 定价文件的位置上是一个目录
      And 模型回复 "好" 并用掉 10 与 3 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then usage 事件的成本应该依次是 "null"
      And Runner 应该只发出一个 warning 事件，包含 "cannot read the pricing file"


  Rule: 预算

    Scenario: 花费超过预算后，运行在下一次模型请求前停下，会话只保留完整的轮次
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的预算是 0.003 美元
      And Runner 的会话保存在临时目录
      And 模型调用 `echo one` 并用掉 2000 与 10 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 运行应该以 "budget_exceeded" 结束，回答是 "Spent $0.0041 in this run, past its budget of $0.0030; stopping before the next model request."
      And 模型应该只收到 1 次请求
      And 会话中的消息角色应该依次是 "user, assistant, tool, assistant"

    Scenario: 子代理把花费推过预算时，子代理在它的下一次请求前停下，父运行随之停下
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的预算是 0.003 美元
      And 模型先让子代理 "count the files" 工作，子代理调用 `echo 3`，每次各用掉 1000 与 100 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 运行应该以 "budget_exceeded" 结束，回答是 "Spent $0.0056 in this run, past its budget of $0.0030; stopping before the next model request."
      And 模型应该只收到 2 次请求
      And 子代理任务的结果应该包含 "Sub-agent task:general stopped (budget_exceeded)"

    Scenario: 有预算时，让子代理换用一个没有价格的模型会被拒绝，父运行接着做
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的预算是 0.01 美元
      And 模型调用 `task:general --model unpriced-model --prompt "count the files" --description count` 并用掉 1000 与 100 个 token
      And 模型回复 "I will count them myself." 并用掉 1000 与 100 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 运行应该以 "completed" 结束，回答是 "I will count them myself."
      And 子代理任务的结果应该包含 "Sub-agent task:general failed: a budget needs a price for model unpriced-model"
      And 模型应该只收到 2 次请求

    Scenario: 运行中记下一次没有价格的调用后，花费无法计算：有预算的运行在下一次请求前停下
      Given 定价文件给模型 "test-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的预算是 0.01 美元
      And 模型调用 `echo one` 并用掉 1000 与 100 个 token
      And 工具开始执行时，库的使用者通过 recordUsage 记下模型 "unpriced-model" 的 10 与 1 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 运行应该以 "budget_exceeded" 结束，回答是 "This run used a model without a price, so its spend against the budget of $0.01 is unknown; stopping before the next model request."
      And 模型应该只收到 1 次请求

    Scenario Outline: 模型没有价格时设置预算：运行在发送任何请求之前被拒绝，不留下会话
      Given <价格来源>给模型 "another-model" 每百万 token 输入 2 美元、输出 8 美元
      And Runner 的预算是 0.003 美元
      And Runner 的会话保存在临时目录
      When 执行一次运行
      Then 运行应该被拒绝，错误是 UnpricedBudgetError，说明是 "a budget needs a price for model test-model, and <在哪里> has none (add \"test-model\": {\"inputPerMillion\": ..., \"outputPerMillion\": ...})"
      And 模型应该只收到 0 次请求
      And 会话目录中不应该有会话

      Examples:
        | 价格来源              | 在哪里                       |
        | 定价文件              | <home>/.synapse/pricing.json |
        | Runner 的 pricing 选项 | the pricing option           |

    Scenario Outline: 预算必须是正数
      When 用预算 <预算> 创建 Runner
      Then 创建应该失败，说明是 "maxBudgetUsd must be a positive number of US dollars, got <预算>"

      Examples:
        | 预算     |
        | 0        |
        | -1       |
        | NaN      |
        | Infinity |
