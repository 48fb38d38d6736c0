@own @tools
Feature: TodoWrite 的输入形式与报错
  文档规定了 schema 与上限。这里规定留白的部分：JSON 的几种传入方式、多个错误同时报告、
  长度上限的非法值回退，以及成功时打印的清单。

  Scenario Outline: JSON 可以<形式>传入
    Given Router 已就绪
    When 路由命令:
      """
      <命令>
      """
    Then 退出码应为 `0`
    And TodoStore 项数应变为 `1`

    Examples:
      | 形式             | 命令                                                                              |
      | 单引号包裹       | TodoWrite '{"todos":[{"content":"a","activeForm":"doing a","status":"pending"}]}' |
      | 不加引号的原文   | TodoWrite {"todos":[{"content":"a","activeForm":"doing a","status":"pending"}]}   |

  Scenario: JSON 也可以用 heredoc 传入
    Given Router 已就绪
    When 路由命令:
      """
      TodoWrite <<'EOF'
      {"todos": [
        {"content": "Write the tests", "activeForm": "Writing the tests", "status": "in_progress"}
      ]}
      EOF
      """
    Then 命令结果应为 stdout "Todo list updated: 1 item (0 completed, 1 in_progress, 0 pending)\n[>] Writing the tests\n"、stderr ""、退出码 0

  Scenario: 一次报告所有错误，每条都带路径
    Given Router 已就绪
    When 路由命令:
      """
      TodoWrite '{"todos":[{"content":" ","activeForm":"x","status":"done"},{"activeForm":"y","status":"pending","note":1}]}'
      """
    Then 退出码应为 `1`
    And stderr 应包含 `- todos.0.content: content must not be empty or blank`
    And stderr 应包含 `- todos.0.status: Invalid status: expected one of pending/in_progress/completed`
    And stderr 应包含 `- todos.1.content: Required`
    And stderr 应包含 `- todos.1.note: unknown field`

  Scenario: `SYNAPSE_TODO_MAX_CONTENT_LENGTH` 的非法值回退到默认的 200
    Given Router 已就绪
    And 环境变量 `SYNAPSE_TODO_MAX_CONTENT_LENGTH=abc`（非法）
    When 提交超过长度上限的 `content`
    Then 返回应为失败
    And stderr 应包含 `201 characters, maximum length is 200`

  Scenario Outline: 类型不对的输入得到指明路径与期望的错误：<情形>
    Given Router 已就绪
    When 路由命令:
      """
      TodoWrite '<文档>'
      """
    Then 退出码应为 `1`
    And stderr 应包含 `- <路径>: <错误>`

    Examples:
      | 情形               | 文档                                                              | 路径              | 错误                                                        |
      | content 不是字符串    | {"todos":[{"content":5,"activeForm":"a","status":"pending"}]} | todos.0.content | Expected a string for content                             |
      | todo 项不是对象       | {"todos":[5]}                                                 | todos.0         | Expected a todo item object {content, activeForm, status} |
      | todos 不是数组        | {"todos":"x"}                                                 | todos           | Expected an array of todo items                           |
      | 根不是对象            | [1]                                                           | (root)          | Expected a JSON object like {"todos": [...]}              |
