@own
Feature: AgentRunner 把自己的模型密钥当作秘密
  文档没有规定、但使用者会依赖的行为：Runner 的 apiKey 选项和它的模型客户端的密钥都被当作秘密，从命令的输出中遮盖；
  太短的占位密钥（如 "not-needed"）不值得遮盖，照原样出现。

  Scenario: apiKey 选项和模型客户端的密钥都从命令输出中遮盖，短的占位密钥不遮盖
    Given Runner 的 apiKey 选项是 "option-key-0123456789"，模型客户端的密钥是 "client-key-abcdef01"
    And 模型第一轮调用命令 `echo A=option-key-0123456789 B=client-key-abcdef01 C=short-key-12345`，第二轮回复 "好了"
    When 执行一次运行
    Then 命令的结果应是 "A=[REDACTED] B=[REDACTED] C=short-key-12345"

  Scenario: 模型客户端的密钥恰好 16 个字符时也被遮盖
    Given Runner 的模型客户端的密钥是 "exactly-16-chars"
    And 模型第一轮调用命令 `echo K=exactly-16-chars`，第二轮回复 "好了"
    When 执行一次运行
    Then 命令的结果应是 "K=[REDACTED]"

  Scenario: 模型客户端的密钥是 15 个字符的占位值时不遮盖
    Given Runner 的模型客户端的密钥是 "placeholder-key"
    And 模型第一轮调用命令 `echo K=placeholder-key`，第二轮回复 "好了"
    When 执行一次运行
    Then 命令的结果应是 "K=placeholder-key"
