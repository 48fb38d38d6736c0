@own @cli
Feature: 会话与给人看的输出：目录与模型、短 id、列表的列、一致的计数、工具活动
  会话记下它的工作目录、模型和 base URL；--continue 只续接当前目录最近的会话并沿用它的模型（除非 --model）；
  凡是接受会话 id 的地方也接受 id 的唯一片段（开头或最后 8 位）和 latest。sessions list 有 DIR、MODEL、TOKENS、COST 列；
  只读的 list/show/stats 在只读的会话目录上照常工作。运行的汇总行与 sessions stats 数的是同样的东西。

  Rule: 目录、模型与 id

    Scenario: --continue 续接当前目录最近的会话，并沿用它的模型
      Given CLI 模型会回复 "answer in work"
      And CLI 模型会回复 "answer elsewhere"
      And CLI 模型会回复 "continued"
      When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --model model-a 'question in work'"
      And CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --model model-b --cwd <other> 'question elsewhere'"
      And CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --continue 'go on'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的第 3 次请求的 model 应该是 "model-a"
      And CLI 模型收到的第 3 次请求应该包含消息 "answer in work"
      When CLI 运行 synapse "sessions list --sessions-dir <sessions>"
      Then CLI 标准输出应该包含 "MSGS  TOKENS  COST  MODEL    DIR"
      And CLI 标准输出应该包含 "model-b  <other>"
      And CLI 标准输出应该包含 "model-a  <work>"

    Scenario: sessions list 的 COST 列按定价文件算出每个会话花的钱，用过没有价格的模型的是 N/A
      Given CLI 的 HOME 中有文件 ".synapse/pricing.json" 内容为:
        """
        {"model-a": {"inputPerMillion": 1000, "outputPerMillion": 1000}}
        """
      And CLI 模型会回复 "priced"
      And CLI 模型会回复 "unpriced"
      When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --model model-a 'first'"
      And CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --model model-b 'second'"
      And CLI 运行 synapse "sessions list --sessions-dir <sessions>"
      Then CLI 标准输出应该包含 "MSGS  TOKENS   COST  MODEL"
      And CLI 标准输出应该包含 "13  $0.01  model-a"
      And CLI 标准输出应该包含 "13    N/A  model-b"

    Scenario: 短 id 与 latest：show 和 stats 接受 id 的唯一片段，也接受 latest
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "id"
      And CLI 记下会话 "<id>" 的最后 8 位为 "tail"
      When CLI 运行 synapse "sessions stats <tail> --sessions-dir <sessions>"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "session       <id>"
      When CLI 运行 synapse "sessions show session- --sessions-dir <sessions>"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "Done: hello.txt now says"
      When CLI 运行 synapse "sessions show nothing-like-it --sessions-dir <sessions>"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "not found"

    Scenario: 会话目录只读时 list、show、stats 照常工作
      Given CLI 会话目录中有一个写过 hello.txt 的会话，记下它的 id 为 "id"
      When CLI 在会话目录只读时运行 synapse "sessions list --sessions-dir <sessions>"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "<id>"
      When CLI 在会话目录只读时运行 synapse "sessions show <id> --sessions-dir <sessions>"
      Then CLI 退出码应该是 0
      When CLI 在会话目录只读时运行 synapse "sessions stats <id> --sessions-dir <sessions>"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "965 tokens in 2 model call(s)"

  Rule: 给人看的输出

    Scenario: 运行的汇总行与 sessions stats 数的是同样的模型调用和 token，子代理的也算在内
      When CLI 运行 synapse "run --fixture fixtures/demo-parallel-tasks.json --sessions-dir <sessions> 'Do three things at once'"
      Then CLI 退出码应该是 0
      And CLI 汇总行与这个会话的 sessions stats 应该数出同样的模型调用和 token

    Scenario: 工具活动：几行输出和省略的行数、失败时 stderr 的尾部、edit 之后的 diff
      Given CLI 模型会调用 Bash 执行 "seq 1 10"
      And CLI 模型会调用 Bash 执行 "echo first; echo oops >&2; exit 3"
      And CLI 模型会调用 Bash 执行 "write notes.txt 'one'"
      And CLI 模型会调用 Bash 执行 "edit notes.txt 'one' 'two'"
      And CLI 模型会调用 Bash 执行 "edit notes.txt two 'three 3' --all"
      And CLI 模型会调用 Bash 执行 "edit notes.txt 'three 3'"
      And CLI 模型会回复 "done"
      When CLI 运行 synapse "run --no-session --base-url <model> 'show me'"
      Then CLI 退出码应该是 0
      And CLI 标准错误应该包含 "✓ 1"
      And CLI 标准错误应该包含 "  5"
      And CLI 标准错误应该包含 "  … +5 lines"
      And CLI 标准错误中不应该有只写着 "1" 的一行
      And CLI 标准错误应该包含 "✗ echo: exit 3"
      And CLI 标准错误应该包含 "  oops"
      And CLI 标准错误应该包含 "  - one"
      And CLI 标准错误应该包含 "  + two"
      And CLI 标准错误应该包含 "  - two"
      And CLI 标准错误应该包含 "  + three 3"

    Scenario: 二进制的标准输入以一行拒绝
      When CLI 以二进制标准输入运行 synapse "run --no-session --fixture fixtures/demo-write-file.json hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "standard input is binary (4 bytes), not text"
