@own @cli
Feature: synapse chat 的启动：普通的命令行不经 yargs 解析
  加载 yargs 与所有命令的参数定义要花掉 chat 启动时间的一部分。`synapse chat` 后面只跟着 chat 声明过的长参数
  （每个一次，字符串参数后跟它的值，布尔参数单独出现或写成 --no-<参数>）时，由一个小解析器直接给出与 yargs
  完全相同的参数对象；其余任何形式（未知参数、`=`、位置参数、可重复或有固定取值的参数、互相冲突的参数、
  缺值、重复）都交给 yargs，由它解析、检查并给出原来的错误信息。

  Scenario Outline: 普通的 chat 命令行由快速路径接手，参数与 yargs 给出的完全相同：<命令行>
    When 解析 synapse 命令行 "<命令行>"
    Then 快速路径应该接手，参数与 yargs 给出的完全相同

    Examples:
      | 命令行                                                                                                         |
      | chat                                                                                                           |
      | chat --fixture fixtures/demo-chat.json --no-session                                                            |
      | chat --model m --cwd /tmp --debug --continue --no-agents-md --approve-all --max-iterations 3 --settings s.json |
      | chat --session abc --api-key k --base-url http://127.0.0.1:9/v1 --no-default-rules --no-skill-search           |
      | chat --max-retries 007 --request-timeout 1e3 --no-debug --sessions-dir d --append-system-prompt "two words"    |

  Scenario Outline: 其余的命令行交给 yargs：<命令行>
    When 解析 synapse 命令行 "<命令行>"
    Then 快速路径应该交给 yargs

    Examples:
      | 命令行                                    |
      | run --fixture f.json hello                |
      | chat --fixture f.json --base-url b        |
      | chat --continue --session x               |
      | chat --model                              |
      | chat --model ""                           |
      | chat --model -x                           |
      | chat --model=x                            |
      | chat hello                                |
      | chat --continue true                      |
      | chat --sandbox off                        |
      | chat --allow ls                           |
      | chat --model a --model b                  |
      | chat --session x --no-session             |
      | chat --bogus                              |
      | chat --no-bogus                           |
      | chat -h                                   |
      | chat --help                               |
      | chat --version                            |

  Scenario: 启动时不等提示符就输入的一行不会丢，提示符出现后照常执行
    When 在伪终端里启动 synapse "chat --fixture fixtures/demo-chat.json --no-session"，不等提示符就输入 "/model"
    Then 终端上应该显示 "Model: scripted-demo"
    When 在终端里输入 "/exit"，等到出现 "Goodbye!"
    Then 终端里的 synapse 应该以退出码 0 结束
