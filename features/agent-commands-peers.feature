@own @tools
Feature: Agent 命令的边界，像同类工具那样处理
  同类的编程代理（Claude Code、Codex、Cursor）共有的做法：task:* 在启动任何东西之前校验参数，并可指定
  子代理的模型与轮数；TodoWrite 同一时刻只有一项 in_progress；单独的 `bash` 是用错了；调用不存在的工具
  （模型写成了 Read 而不是 Bash）是 command_not_found，并给出能用的写法。`read` 像 `cat -n` 那样给行编号，
  --offset 越过末尾是一个空窗口；`edit --all` 按字面替换每一处并说明几处。

  Scenario: task:* 的参数在启动子代理之前校验：不合规的 --max-turns、--model 不请求模型
    When 主代理执行子代理任务 "task:general -p 'go' --max-turns 0"
    Then 子代理任务应以错误结束，说明 "--max-turns must be a whole number from 1 to 200 (got \"0\")"
    When 主代理执行子代理任务 "task:general -p 'go' --model 'two words'"
    Then 子代理任务应以错误结束，说明 "--model must be a model name (got \"two words\")"
    When 主代理执行子代理任务 "task:general --model other-model"
    Then 子代理任务应以错误结束，说明 "missing prompt"
    And 模型应该恰好被请求 0 次

  Scenario: task:* --model 让子代理用另一个模型，--max-turns 限制它的轮数
    Given 子代理对 "keep going" 两轮都执行 `echo again`
    When 主代理执行子代理任务 "task:general -p 'keep going' --model other-model --max-turns 2"
    Then 子代理任务应以错误结束，说明 "Sub-agent task:general stopped (max_iterations): Reached the limit of 2 model requests in one run; stopping."
    And 模型收到的每次请求都应使用模型 "other-model"

  Scenario: TodoWrite 拒绝同时有两项 in_progress 的列表，列表不变
    When 路由命令 `TodoWrite '{"todos": [{"content": "A", "activeForm": "Doing A", "status": "in_progress"}, {"content": "B", "activeForm": "Doing B", "status": "in_progress"}]}'`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `todos: Only one item may be in_progress at a time (items 0, 1 are): mark the others pending or completed`
    And 不应更新 TodoStore

  Scenario: 单独的 bash 是用法错误，不是一个什么也不做的成功
    When 路由命令 `bash`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `bare `
    And stderr 应包含 `runs nothing: put the command itself in the command parameter`
    When 路由命令 `bash -c "echo still works"`
    Then 命令结果应为 stdout "still works\n"、stderr ""、退出码 0

  Scenario: 模型调用不存在的工具 Read：command_not_found，并给出经由 Bash 的写法
    Given 模型第一轮调用工具 "Read"，第二轮回复 "还活着"
    When 执行一次运行
    Then 工具 "Read" 的结果应恰好是 command_not_found 错误 "Unknown tool: Read. Available tools: Bash. Call them as Bash(command=\"...\"). read is a command of the Bash tool: Bash(command=\"read ...\")."，摘要相同

  # Each read scenario runs with the sandbox off (in this process) and on (under bubblewrap, inside the file helper).
  Scenario Outline: read 像 cat -n 那样编号：行号右对齐占六列，一个制表符，再是这一行；更长的行号照写不截（沙箱 <模式>）
    Given Router 的沙箱模式为 "<模式>"
    And 工作区文件 `many.txt` 有 1000000 行，每行 1 个 "x"
    When 路由命令 `read many.txt --offset 999 --limit 2`
    Then 命令结果应为 stdout "   999\tx\n  1000\tx\n[lines 999-1000 of 1000000. Continue with: read many.txt --offset 1001 --limit 2]\n"、stderr ""、退出码 0
    When 路由命令 `read many.txt --offset 1000000`
    Then 命令结果应为 stdout "1000000\tx\n[lines 1000000-1000000 of 1000000.]\n"、stderr ""、退出码 0

    Examples:
      | 模式            |
      | off             |
      | workspace-write |

  Scenario Outline: read --offset 越过末尾是一个空窗口，加一行说明文件有几行，不是错误（沙箱 <模式>）
    Given Router 的沙箱模式为 "<模式>"
    And 工作区文件 `note.txt` 的内容为 "one\ntwo\nthree\n"
    And 工作区文件 `one.txt` 的内容为 "only"
    When 路由命令 `read note.txt --offset 4`
    Then 命令结果应为 stdout "[--offset 4 is past the end: note.txt has 3 lines]\n"、stderr ""、退出码 0
    When 路由命令 `read one.txt --offset 2 --limit 5`
    Then 命令结果应为 stdout "[--offset 2 is past the end: one.txt has 1 line]\n"、stderr ""、退出码 0

    Examples:
      | 模式            |
      | off             |
      | workspace-write |

  Scenario Outline: 巨大文件的 --offset 越过末尾时，行数照样数到底（只数不留；沙箱 <模式>）
    Given Router 的沙箱模式为 "<模式>"
    And 工作区文件 `big.log` 有 1000 行 "0123456789"，之后是到 80 MB 的空洞
    When 路由命令 `read big.log --offset 5000`
    Then 命令结果应为 stdout "[--offset 5000 is past the end: big.log has 1001 lines]\n"、stderr ""、退出码 0

    Examples:
      | 模式            |
      | off             |
      | workspace-write |

  Scenario: edit --all 按字面替换每一处并说明几处（新文本里的 $& 不是模式）
    Given 工作区文件 `n.md` 的内容为 "a.b axb a.b\n"
    When 路由命令 `edit n.md "a.b" '$&!' --all`
    Then 命令结果应为 stdout "Edited n.md: replaced 2 occurrences\n"、stderr ""、退出码 0
    And 工作区文件 `n.md` 的内容应为 "$&! axb $&!\n"
    When 路由命令 `edit --all n.md '$&!' c`
    Then 命令结果应为 stdout "Edited n.md: replaced 2 occurrences\n"、stderr ""、退出码 0
    When 路由命令 `edit n.md axb y --all`
    Then 命令结果应为 stdout "Edited n.md: replaced 1 occurrence\n"、stderr ""、退出码 0
    And 工作区文件 `n.md` 的内容应为 "c y c\n"
    When 路由命令 `edit n.md zzz q --all`
    Then 命令结果的失败类别应为 `execution_error`
    And stderr 应包含 `Text to replace not found in n.md`

  Scenario: 没有 --all 时多处匹配仍是错误：说明几处，建议更多上下文或 --all，文件不变
    Given 工作区文件 `e.txt` 的内容为 "one two one one"
    When 路由命令 `edit e.txt one zero`
    Then 命令结果的失败类别应为 `execution_error`
    And stderr 应包含 `Text to replace is ambiguous: it occurs 3 times in e.txt. Include more surrounding lines so it matches once, or add --all to replace all 3.`
    And 工作区文件 `e.txt` 的内容应为 "one two one one"

  Scenario: --all 只在四个参数的头或尾是开关，别处是要替换的文本
    Given 工作区文件 `e.txt` 的内容为 "x --all y"
    When 路由命令 `edit e.txt --all --every`
    Then 命令结果应为 stdout "Edited e.txt: replaced 1 occurrence\n"、stderr ""、退出码 0
    And 工作区文件 `e.txt` 的内容应为 "x --every y"
    When 路由命令 `edit e.txt x --all z`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `Error: expected 3 arguments (<path> <old text> <new text>) and an optional --all, got 4`
    And 工作区文件 `e.txt` 的内容应为 "x --every y"
