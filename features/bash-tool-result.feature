@own @tools
Feature: Bash 工具把命令结果写成模型读得懂的结果
  成功时，模型读到的就是输出（stdout，然后是 `[stderr]` 段）；没有输出时明说没有。失败时，输出之后是一段说明：
  退出码、命令名，以及按失败类别给出的修复建议。每个结果还有一行摘要（brief）和命令名（baseCommand），
  命令名越过 `bash ` 前缀与 `VAR=value` 赋值。

  Scenario Outline: 成功的命令 `<命令>`：消息就是输出，摘要是第一行非空的输出
    Given Router 已就绪
    When 通过 Bash 工具执行 `<命令>`
    Then Bash 工具结果应为:
      | isError         | false       |
      | exitCode        | 0           |
      | output          | <输出>      |
      | message         | <消息>      |
      | brief           | <摘要>      |
      | baseCommand     | <命令名>    |
      | failureCategory | undefined   |

    Examples:
      | 命令                              | 输出                    | 消息                    | 摘要              | 命令名 |
      | true                              |                         | (no output)             | true: done        | true   |
      | printf '\\n  \\nsecond\\n'        | \n  \nsecond\n          | \n  \nsecond\n          | second            | printf |
      | printf out; echo err >&2          | out\n[stderr]\nerr\n    | out\n[stderr]\nerr\n    | out               | printf |
      | echo out; echo err >&2            | out\n[stderr]\nerr\n    | out\n[stderr]\nerr\n    | out               | echo   |
      | echo err >&2                      | [stderr]\nerr\n         | [stderr]\nerr\n         | [stderr]          | echo   |
      | FOO=1  BAR=2 printf x             | x                       | x                       | x                 | printf |
      | true;echo hi                      | hi\n                    | hi\n                    | hi                | true   |
      | bash printf x                     | x                       | x                       | x                 | printf |

  Scenario: 摘要最多 80 个字符，更长的第一行截成 77 个字符加省略号
    Given Router 已就绪
    When 通过 Bash 工具执行 `printf '%080d\n%081d' 0 0`
    Then Bash 工具结果应为:
      | brief | 00000000000000000000000000000000000000000000000000000000000000000000000000000000 |
    When 通过 Bash 工具执行 `printf '%081d' 0`
    Then Bash 工具结果应为:
      | brief | 00000000000000000000000000000000000000000000000000000000000000000000000000000... |

  Scenario Outline: 失败的命令 `<命令>`（<类别>）：输出之后说明退出码、命令名与修复建议
    Given Router 已就绪
    When 通过 Bash 工具执行 `<命令>`
    Then Bash 工具结果应为:
      | isError         | true       |
      | exitCode        | <退出码>   |
      | failureCategory | <类别>     |
      | baseCommand     | <命令名>   |
      | brief           | <摘要>     |
      | message         | <消息>     |

    Examples:
      | 命令                     | 类别              | 退出码 | 命令名           | 摘要                         | 消息                                                                                                                                                                                                                                                        |
      | false                    | execution_error   | 1      | false            | false: exit 1                | (no output)\n\nCommand failed with exit code 1: false\nHint: fix the cause shown above; if the arguments may be wrong, check Bash(command="false --help"), then retry.                                                                                     |
      | echo partial; exit 3     | execution_error   | 3      | echo             | echo: exit 3                 | partial\n[stderr]\n[the shell exited with code 3; the next command starts a new shell session]\n\nCommand failed with exit code 3: echo\nHint: fix the cause shown above; if the arguments may be wrong, check Bash(command="echo --help"), then retry. |
      | no-such-command-x 2>&-   | command_not_found | 127    | no-such-command-x | no-such-command-x: exit 127 | (no output)\n\nCommand failed with exit code 127: no-such-command-x\nHint: `no-such-command-x` was not found. Check the name, or see its usage with Bash(command="no-such-command-x --help"). Agent commands: read, write, edit, glob, search, TodoWrite. |
      | read                     | invalid_usage     | 1      | read             | read: exit 1                 | [stderr]\nError: missing <path>\nUsage: read <path> [--offset N] [--limit N]\nRun Bash(command="read --help") to learn the usage, then retry.\n\nCommand failed with exit code 1: read\nHint: learn the usage first with Bash(command="read --help"), then retry with corrected arguments. |
      | 1A=2 false 2>&-          | command_not_found | 127    | 1A=2             | 1A=2: exit 127               | (no output)\n\nCommand failed with exit code 127: 1A=2\nHint: `1A=2` was not found. Check the name, or see its usage with Bash(command="1A=2 --help"). Agent commands: read, write, edit, glob, search, TodoWrite. |
      | dd if=tmp.txt of=x.txt   | permission_denied | 126    | dd               | dd: not permitted            | [stderr]\ndenied by policy: ask rule "dd" (default); approval is needed and nobody can give it here (no terminal): run it on a terminal, or pass --approve-all / an approver\n\nCommand not run (exit 126): dd is not permitted here.\nHint: do not retry it as it is. Reach the goal another way that is permitted, or tell the user what you need and why. |

  Scenario: 超时被杀的命令：说明它被杀，并建议让命令更快结束
    Given Router 已就绪
    And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=300`
    When 通过 Bash 工具执行 `echo started; sleep 5`
    Then Bash 工具结果应为:
      | exitCode        | 124                                                                                                                                                                                                                                                     |
      | failureCategory | execution_error                                                                                                                                                                                                                                         |
      | brief           | echo: exit 124                                                                                                                                                                                                                                          |
      | message         | started\n[stderr]\nCommand timed out after 300 ms and was killed; the shell session was restarted (working directory kept, exported variables lost).\n\nCommand timed out (exit 124): echo was killed.\nHint: make the command finish sooner (smaller scope, no interactive or watch mode), then retry. |

  Scenario: 被取消的命令：说明它在结束前被取消
    Given Router 已就绪
    When 用 AbortSignal 调用 Bash 工具执行 `sleep 30 & echo $! > sleep.pid; wait` 并在它启动后中止
    Then Bash 工具结果应为:
      | exitCode        | 130                                                                                                                              |
      | failureCategory | execution_error                                                                                                                  |
      | brief           | sleep: exit 130                                                                                                                  |
      | message         | [stderr]\nCommand interrupted: it was cancelled before it finished\n\nCommand interrupted (exit 130): sleep was cancelled before it finished. |

  Scenario: 调用时 signal 已经中止：什么都不执行，结果是中断
    Given Router 已就绪
    When 用已经中止的 AbortSignal 调用 Bash 工具执行 `touch started.txt`
    Then Bash 工具结果应为:
      | isError         | true                                                                                                                                  |
      | exitCode        | 130                                                                                                                                   |
      | message         | [stderr]\nCommand interrupted: it was cancelled before it finished\n\nCommand interrupted (exit 130): touch was cancelled before it finished. |
    And 工作区中不应存在文件 `started.txt`

  Scenario: 调用结束后，调用者的 AbortSignal 上不留下监听器
    Given Router 已就绪
    When 用同一个 AbortSignal 调用 Bash 工具 3 次执行 `echo hi`
    Then Bash 工具结果应为:
      | output | hi\n |
    And 这个 AbortSignal 上不应留下监听器

  Scenario: 命令前后的空白不影响命令名
    Given Router 已就绪
    When 以 JSON 参数 `{"command": "  false  "}` 调用 Bash 工具
    Then Bash 工具结果应为:
      | baseCommand | false         |
      | brief       | false: exit 1 |
