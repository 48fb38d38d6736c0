@own @cli
Feature: synapse exec 给人用：输出边产生边出现，各回各的流，stdin 传进去，不截断
  给人用时，shell 命令直接接在 synapse 自己的 stdin、stdout、stderr 上：输出一产生就出现，stdout 和 stderr
  各自按顺序出现在自己的流里，管道输入传给命令，大输出不截断，退出码就是命令的退出码。给模型看的上限只在
  --json（模型会收到的工具结果）里。给人的提示不说 Bash(command=...)。

  Scenario: 输出在命令结束之前就出现
    When CLI 启动 synapse "exec 'echo first; sleep 2; echo second'"
    Then CLI 在进程结束前标准输出应该出现 "first"
    And CLI 进程结束后退出码应该是 0，标准输出应该是 "first\nsecond"

  Scenario: stdout 与 stderr 各回各的流，各自保持顺序
    When CLI 运行 synapse "exec 'echo out-1; echo err-1 >&2; echo out-2; echo err-2 >&2'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "out-1\nout-2"
    And CLI 标准错误应该是 "err-1\nerr-2"

  Scenario: 管道输入传给命令
    When CLI 以标准输入 "from the pipe" 运行 synapse "exec cat"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "from the pipe"

  Scenario: 大输出不截断；--json 里仍是模型看到的、有上限的结果
    When CLI 运行 synapse "exec 'seq 1 200000'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该有 200000 行，最后一行是 "200000"
    When CLI 运行 synapse "exec --json 'seq 1 200000'"
    Then CLI JSON 输出的最后一行的 "stdout" 应该包含 "[output truncated:"

  Scenario: 用法错误给人的提示是 synapse exec，而不是 Bash(command=...)
    When CLI 运行 synapse "exec read"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "Usage: read <path>"
    And CLI 标准错误应该包含 "See the full usage with: synapse exec 'read --help'"
    And CLI 标准输出和标准错误都不应该包含 "Bash(command="

  Scenario: --read-only 仍然拒绝会改文件的 shell 命令
    When CLI 运行 synapse "exec --read-only 'echo x > out.txt'"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "read-only"
    And CLI 工作目录中不应该有文件 "out.txt"
