@own
Feature: 聊天的命令层：文档没有写到的命令与 `!`
  src/repl 的命令层不经过终端也能驱动：这里直接驱动 ReplController 与 ChatSession（msw 模型）。
  终端上的行为见 features/cli/cli-chat.feature。

  Scenario: `!` 命令的输出作为上下文加入对话，模型的下一次请求里看得到
    Given 模型会回复 "I saw it."
    When 在聊天里输入 "!echo marker-42"
    And 在聊天里输入 "what did the command print?"
    Then 模型收到的请求里应该有用户运行的命令 "echo marker-42" 和它的输出 "marker-42"

  Scenario: /new 开始新的对话，旧的留在会话目录里，/sessions 列出它，/resume 它的短 id 回到它
    Given 模型会回复 "First."
    When 在聊天里输入 "hello"
    And 记下聊天当前的会话
    And 在聊天里输入 "/new"
    Then 聊天应该显示 "New conversation: session "
    And 聊天应该显示 "The last one is saved: /resume "
    When 在聊天里输入 "/sessions"
    Then 聊天应该显示记下的会话的短 id
    When 在聊天里输入记下的会话的短 id 作为 "/resume" 的参数
    Then 聊天当前的会话应该是记下的那个
    When 在聊天里输入 "/clear"
    Then 聊天应该清过屏并显示 "New conversation"

  Scenario: /model 换模型，同一个对话接着用新模型
    Given 模型会回复 "One."
    And 模型会回复 "Two."
    When 在聊天里输入 "first"
    And 在聊天里输入 "/model other-model"
    Then 聊天应该显示 "Model: other-model (from the next message on)"
    When 在聊天里输入 "second"
    Then 模型收到的第 2 次请求应该用模型 "other-model" 并带着第一轮的回答 "One."

  Scenario: /context 显示窗口占用的条与数字，/tools 与 /mcp 说明扩展
    Given 模型会回复 "Some words to count."
    When 在聊天里输入 "hello"
    And 在聊天里输入 "/context"
    Then 聊天应该显示 "% of 128,000 tokens (test-model)"
    And 聊天应该显示 "conversation: "
    When 在聊天里输入 "/tools"
    Then 聊天应该显示 "MCP servers       none configured"
    When 在聊天里输入 "/mcp"
    Then 聊天应该显示 "No MCP servers are configured"

  Scenario: /compact 把较早的几轮压成模型写的摘要，显示压缩前后的 token 数；之后的请求里是摘要，/help 列出它
    Given 模型会依次回复 5 个各 200 词的回答
    And 模型会回复 "The user asked five questions about the build logs."
    And 模型会回复 "Six."
    When 在聊天里依次输入 5 个问题
    And 在聊天里输入 "/compact"
    Then 聊天应该显示压缩前后的 token 数，压缩后更少
    And 聊天应该显示 "3 messages summarized, kept in the session's archive"
    When 在聊天里输入 "question 6"
    Then 模型收到的最后一个请求应该带着摘要 "The user asked five questions about the build logs." 而没有第 1 个回答
    When 在聊天里输入 "/help"
    Then 聊天应该显示 "/compact"

  Scenario: /cost 按定价文件的价格说出会话花了多少钱
    Given 定价文件给模型 "test-model" 每百万 token 输入 2.5 美元、输出 10 美元
    And 模型会回答 "Priced."，用量为输入 1000、输出 200
    When 在聊天里输入 "hello"
    And 在聊天里输入 "/cost"
    Then 聊天应该显示 "total tokens:      1,200"
    And 聊天应该显示 "  test-model: 1,200 tokens in 1 call(s), $0.0045"
    And 聊天应该显示 "Token: 1,000 in / 200 out | Cache: 0 read / 0 write (0% hit) | Cost: $0.0045"

  Scenario: /cost 在用过的模型没有价格时说 N/A，还没调用过模型时是 $0.00
    Given 定价文件给模型 "other-model" 每百万 token 输入 2.5 美元、输出 10 美元
    And 模型会回答 "Unpriced."，用量为输入 1000、输出 200
    When 在聊天里输入 "/cost"
    Then 聊天显示的最后一行应该是 "Token: 0 in / 0 out | Cache: 0 read / 0 write (0% hit) | Cost: $0.00"
    When 在聊天里输入 "hello"
    And 在聊天里输入 "/cost"
    Then 聊天应该显示 "test-model: 1,200 tokens in 1 call(s), cost N/A (no price)"
    And 聊天应该显示 "Cost: N/A (no price for a model used: see ~/.synapse/pricing.json)"

  Scenario: 一个前缀对应几个会话时说出是哪几个，不切换
    Given 会话目录里有两个以 "session-twin" 开头的会话
    When 在聊天里输入 "/resume session-twin"
    Then 聊天应该显示 "matches 2 sessions"
    And 聊天应该显示 "type more of the id"

  Scenario Outline: 行内审批的回答 <回答> 得到 <结果>
    When 审批问题得到回答 "<回答>"
    Then 审批的结果应该是 "<结果>"

    Examples:
      | 回答 | 结果    |
      | y    | once    |
      | a    | session |
      | n    | deny    |
      |      | deny    |
