@own @tools
Feature: Bash 工具识别把工具名写进 command 的调用
  模型常把工具名写进 command：只写 `Bash`、把整个调用 `Bash(command="...")` 写进参数、或以 `Bash ` 开头。
  这样的调用什么都不执行，得到 invalid_usage 结果，其中有可以照抄的正确调用；
  只是在参数里提到 `Bash` 的命令照常执行。

  Scenario Outline: 只写工具名 <参数> 时说明 Bash 是工具名并给出示例
    Given Router 已就绪
    When 以 JSON 参数 `<参数>` 调用 Bash 工具
    Then Bash 工具结果应为:
      | isError         | true                                                                                                                                                                 |
      | brief           | invalid Bash usage                                                                                                                                                   |
      | failureCategory | invalid_usage                                                                                                                                                        |
      | baseCommand     | Bash                                                                                                                                                                 |
      | exitCode        | undefined                                                                                                                                                            |
      | message         | Invalid usage: "Bash" is the name of the tool, not a command. Put the shell command itself in the command parameter: Bash(command="...") — for example Bash(command="ls -la"). |

    Examples:
      | 参数                       |
      | {"command": "Bash"}        |
      | {"command": "  Bash \\n"}  |
      | {"command": "Bash()"}      |
      | {"command": "Bash ( )"}    |

  Scenario Outline: 整个调用写进 command（<写法>）时要求去掉包裹，并给出去包裹后的调用
    Given Router 已就绪
    When 通过 Bash 工具执行 `<命令>`
    Then Bash 工具结果应为失败，类别 `invalid_usage`
    And Bash 工具消息应为:
      """
      Invalid usage: Do not wrap Bash(...) inside command: the command parameter must hold only the bare shell command. Call the tool as <正确调用>.
      """

    Examples:
      | 写法                         | 命令                               | 正确调用                                                 |
      | command= 与双引号            | Bash(command="git status")         | Bash(command="git status"), i.e. with command "git status" |
      | 带空格的 command = 与单引号  | Bash ( command = 'git status' )    | Bash(command="git status"), i.e. with command "git status" |
      | command: 与反引号            | Bash(command: `git status`)        | Bash(command="git status"), i.e. with command "git status" |
      | 只有引号                     | Bash("git status")                 | Bash(command="git status"), i.e. with command "git status" |
      | 双引号里的转义               | Bash(command="echo \"hi\"")        | Bash(command="echo \"hi\""), i.e. with command "echo \"hi\"" |
      | 双引号里没有转义的双引号     | Bash(command="echo "hi"")          | Bash(command="echo \"hi\""), i.e. with command "echo \"hi\"" |
      | 没有引号                     | Bash(ls -la)                       | Bash(command="ls -la")                                   |
      | 包裹之后还有别的命令         | Bash(command="ls") && pwd          | Bash(command="ls -la")                                   |
      | 括号不配对的嵌套             | Bash(Bash("pwd")                   | Bash(command="ls -la")                                   |

  Scenario: 单引号里的反斜杠是字面的，给出的调用把它转义
    Given Router 已就绪
    When 通过 Bash 工具执行 `Bash(command='echo a\tb')`
    Then Bash 工具消息应为:
      """
      Invalid usage: Do not wrap Bash(...) inside command: the command parameter must hold only the bare shell command. Call the tool as Bash(command="echo a\\tb"), i.e. with command "echo a\\tb".
      """

  Scenario Outline: 以工具名开头的命令 `<命令>` 得到去掉工具名的调用
    Given Router 已就绪
    When 通过 Bash 工具执行 `<命令>`
    Then Bash 工具结果应为:
      | isError         | true                                                                                  |
      | brief           | invalid Bash usage                                                                    |
      | failureCategory | invalid_usage                                                                         |
      | baseCommand     | Bash                                                                                  |
      | message         | Invalid usage: Do not start the command with the tool name "Bash". Call Bash(command="<正确命令>"). |

    Examples:
      | 命令                 | 正确命令            |
      | Bash  ls -la         | ls -la              |
      | Bash grep -c a x.txt | grep -c a x.txt     |

  Scenario Outline: 只在参数里提到 Bash 的命令 `<命令>` 照常执行
    Given Router 已就绪
    When 通过 Bash 工具执行 `<命令>`
    Then Bash 工具结果应为:
      | isError | false    |
      | output  | <输出>\n |

    Examples:
      | 命令                 | 输出         |
      | echo Bash            | Bash         |
      | echo 'Bash(x)'       | Bash(x)      |
      | echo Bash ls         | Bash ls      |
      | echo 'Bash()'        | Bash()       |

  Scenario Outline: 工具参数 <参数> 不合法：说明期望什么、收到了什么，并给出示例
    Given Router 已就绪
    When 以 JSON 参数 `<参数>` 调用 Bash 工具
    Then Bash 工具结果应为:
      | isError         | true                                              |
      | brief           | invalid Bash usage                                |
      | failureCategory | invalid_usage                                     |
      | baseCommand     | undefined                                         |
      | message         | Invalid usage: <说明>                             |
      | output          | Invalid usage: <说明>                             |

    Examples:
      | 参数                  | 说明                                                                                                   |
      | null                  | expected an object {"command": "<command>"}, got null. Call it as Bash(command="ls -la").               |
      | ["ls"]                | expected an object {"command": "<command>"}, got an array. Call it as Bash(command="ls -la").           |
      | "ls"                  | expected an object {"command": "<command>"}, got string. Call it as Bash(command="ls -la").             |
      | 5                     | expected an object {"command": "<command>"}, got number. Call it as Bash(command="ls -la").             |
      | {}                    | "command" must be a string (got nothing). Call it as Bash(command="ls -la").                            |
      | {"command": null}     | "command" must be a string (got null). Call it as Bash(command="ls -la").                               |
      | {"command": ["ls"]}   | "command" must be a string (got an array). Call it as Bash(command="ls -la").                           |
      | {"command": true}     | "command" must be a string (got boolean). Call it as Bash(command="ls -la").                            |
      | {"command": " \\n\\t "} | the command is empty. Pass a shell or agent command, e.g. Bash(command="ls -la").                     |

  Scenario: 参数不合法的调用也可以取消，结果仍是说明用法的错误
    Given Router 已就绪
    When 以 JSON 参数 `null` 调用 Bash 工具并立即取消
    Then Bash 工具结果应为失败，类别 `invalid_usage`

  Scenario: Bash 工具也可以从持有 Router 的对象构造
    Given Router 已就绪
    When 通过持有 Router 的对象构造的 Bash 工具执行 `echo hi`
    Then Bash 工具结果应为:
      | isError | false |
      | output  | hi\n  |
