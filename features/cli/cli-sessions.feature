@own @cli
Feature: synapse sessions：列出、查看、统计、删除会话
  每个子命令都接受 --sessions-dir 与 --json。list 显示 id、标题、更新时间、消息数；show 打印历史；
  stats 打印上下文统计与 token 用量；未知的会话是坏输入。

  Background:
    Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "id"

  Scenario: list、show、stats，文本与 --json
    When CLI 运行 synapse "sessions list --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "<id>"
    And CLI 标准输出应该包含 "UPDATED"
    And CLI 标准输出应该包含 "Write hello.txt"
    When CLI 运行 synapse "sessions list --json --sessions-dir <sessions>"
    Then CLI JSON 列表中的会话 "<id>" 应该有 5 条消息
    When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "write hello.txt"
    And CLI 标准输出应该包含 "Done: hello.txt now says"
    When CLI 运行 synapse "sessions show <id> --json --sessions-dir <sessions>"
    Then CLI JSON 输出的最后一行的 "messages.4.content" 应该是 "Done: hello.txt now says \"Hello from synapse!\"."
    When CLI 运行 synapse "sessions stats <id> --sessions-dir <sessions>"
    Then CLI 标准输出应该包含 "965 tokens in 2 model call(s)"
    When CLI 运行 synapse "sessions stats <id> --json --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "usage.total.total_tokens" 应该是 "965"
    And CLI JSON 输出的最后一行的 "context.toolCallCount" 应该是 "2"

  Scenario: rm 删除会话，之后 show 它是坏输入
    When CLI 运行 synapse "sessions rm <id> --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "removed <id>"
    When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "not found"
    When CLI 运行 synapse "sessions list --sessions-dir <sessions>"
    Then CLI 标准输出应该包含 "no sessions in"

  Scenario: show 把跳过的历史行作为 stderr 上的警告；rm --json 给脚本读
    Given CLI 会话 "<id>" 的历史第 3 行被换成无法读取的字节
    When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "warning: history.jsonl line 3: skipped a line that is not valid JSON"
    And CLI 标准输出应该包含 "Done: hello.txt now says"
    When CLI 运行 synapse "sessions rm <id> --json --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "removed" 应该是 "true"
    And CLI 会话目录中应该没有会话

  Scenario: list 跳过读不了的会话，并在 stderr 上说明是哪个、为什么
    Given CLI 会话 "<id>" 的 "index.json" 被换成一个目录
    When CLI 运行 synapse "sessions list --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "warning: skipped session-"
    And CLI 标准错误应该包含 "index.json cannot be read"
    And CLI 标准输出应该包含 "no sessions in"
