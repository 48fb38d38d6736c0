@own @cli
Feature: synapse exec：经由 Bash 工具路由执行一条命令
  `synapse exec` 把一条命令交给模型所用的同一个路由（原生 shell、Agent 命令、TodoWrite），
  原样打印它的 stdout 与 stderr，并以命令的退出码退出。

  Scenario: 原生 shell 命令写文件
    When CLI 运行 synapse "exec 'echo hello > out.txt'"
    Then CLI 退出码应该是 0
    And CLI 工作目录中的文件 "out.txt" 内容应该是 "hello"

  Scenario: Agent 命令读取文件
    Given CLI 工作目录中有文件 "notes.txt" 内容为 "line one"
    When CLI 运行 synapse "exec 'read notes.txt'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "line one"

  Scenario: 退出码就是命令的退出码，-- 之后是命令
    When CLI 运行 synapse "exec -- sh -c 'echo oops >&2; exit 3'"
    Then CLI 退出码应该是 3
    And CLI 标准错误应该包含 "oops"

  Scenario: TodoWrite 经由路由执行，坏的 JSON 是用法错误
    When CLI 用 exec 执行下面的命令:
      """
      TodoWrite '{"todos":[{"content":"write tests","status":"pending","activeForm":"Writing tests"}]}'
      """
    Then CLI 退出码应该是 0
    When CLI 用 exec 执行下面的命令:
      """
      TodoWrite '{"todos": nope}'
      """
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "Invalid JSON format"

  Scenario: --json 给出一行结果
    When CLI 运行 synapse "exec --json 'echo hi'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "stdout" 应该是 "hi\n"
    And CLI JSON 输出的最后一行的 "exitCode" 应该是 "0"

  Scenario: --cwd 决定命令的工作目录
    Given CLI 工作目录中有文件 "sub/inside.txt" 内容为 "inside"
    When CLI 运行 synapse "exec --cwd sub 'cat inside.txt'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "inside"
