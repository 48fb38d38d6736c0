@own @cli
Feature: synapse run 与长会话：--context-window、--compact-model、sessions show --all
  长会话在小窗口里也能跑完：请求前卸载大的工具结果、必要时压缩，服务器仍以窗口为由拒绝时压缩后重试一次；
  --json 把 context_offloaded 与 context_compacted 事件原样写出，给人看的输出在标准错误上各记一行。
  sessions show 打印模型看到的活动历史，sessions show --all 打印说过的每一句话。用户的原话在宣布会话 id
  之前已在磁盘上：进程在第一次模型请求中被杀掉，会话里仍有这句话，续接时报告它、不把它发给模型。

  Scenario: README 的长会话示例：六个日志读过 6000 token 的窗口跑完；--json 报告卸载与压缩；show --all 给出全部原话
    When CLI 运行 synapse "run --json --sessions-dir <sessions> --fixture fixtures/demo-long-session.json --context-window 6000 'Review the six server logs and tell me what failed'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出应该依次包含事件 "context_offloaded, context_compacted, context_offloaded, run_finished"
    And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "502 upstream timeout"
    And CLI 记下 JSON 结果中的 sessionId 为 "id"
    When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
    Then CLI 标准输出应该包含 "[Compressed History]"
    And CLI 标准输出应该包含 "Tool result is at: "
    And CLI 标准输出和标准错误都不应该包含 "web-1 2026-11-27T12:00:00Z INFO GET /api/orders/40 200"
    When CLI 运行 synapse "sessions show <id> --all --sessions-dir <sessions>"
    Then CLI 标准输出应该包含 "web-1 2026-11-27T12:00:00Z INFO GET /api/orders/40 200 in 12 ms"
    And CLI 标准输出应该包含 "worker-1 2026-11-27T12:00:00Z INFO GET /api/orders/40 200 in 12 ms"
    And CLI 标准输出应该包含 "api-2 2026-11-27T13:30:00Z ERROR POST /api/payments 502 upstream timeout after 30000 ms"
    And CLI 标准输出和标准错误都不应该包含 "[Compressed History]"

  Scenario: 给人看的输出：卸载与压缩在标准错误上各记一行，回答在标准输出
    When CLI 运行 synapse "run --sessions-dir <sessions> --fixture fixtures/demo-long-session.json --context-window 6000 'Review the six server logs and tell me what failed'"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "… moved 1 large tool result(s) to files: "
    And CLI 标准错误应该包含 "… compacted the conversation (threshold): "
    And CLI 标准输出应该包含 "502 upstream timeout after 30000 ms"

  Scenario Outline: --context-window 不是不小于 1000 的整数是坏输入
    When CLI 运行 synapse "run --fixture fixtures/demo-write-file.json --context-window <值> hi"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "--context-window must be a whole number >= 1000 (got \"<值>\")"

    Examples:
      | 值   |
      | 999  |
      | lots |
      | 1e5  |

  Scenario: 服务器以 400 拒绝：用 --compact-model 写摘要，压缩后重试，退出 0
    Given CLI 会话目录中有一个读过 10 个日志的长会话，记下它的 id 为 "id"
    And CLI 模型会以 HTTP 400 "This model's maximum context length is 3000 tokens. However, your messages resulted in 5210 tokens." 拒绝请求
    And CLI 写摘要的请求会得到摘要 "Ten logs were read; all fine."
    And CLI 模型会回复 "All fine."
    When CLI 运行 synapse "run --json --sessions-dir <sessions> --base-url <model> --compact-model summary-model --session <id> 'Anything wrong?'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出应该依次包含事件 "context_compacted, run_finished"
    And CLI 模型收到的第 2 次请求的 model 应该是 "summary-model"
    And CLI 模型收到的第 3 次请求中应有摘要 "Ten logs were read; all fine."

  Scenario: 第一次模型请求中被 SIGKILL：会话里已有用户的原话；show 标为没有回答，续接时报告它、不发给模型
    Given CLI 模型的回复要等到放行
    When CLI 启动 synapse "run --json --sessions-dir <sessions> --base-url <model> 'Summarize the quarterly report'"
    And CLI 在输出出现 "run_started" 后收到信号 SIGKILL
    And CLI 记下 JSON 输出中 run_started 的 sessionId 为 "id"
    When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "Summarize the quarterly report"
    And CLI 标准输出应该包含 "[no answer: the run ended before the model replied; never sent to the model]"
    Given CLI 放行模型的回复
    And CLI 模型会回复 "Which quarter?"
    When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --session <id> 'The third one'"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "the last run ended before the model answered \"Summarize the quarterly report\""
    And CLI 模型收到的最后一个请求不应包含 "Summarize the quarterly report"
