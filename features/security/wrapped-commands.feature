@own @security
Feature: 权限策略看穿 shell、find 与包装命令里的命令
  `bash -c` 的脚本、多出来的 `bash ` 前缀后面的命令、`find` 每个动作（`-exec`、`-execdir`、`-ok`、`-okdir`）到
  `;` 或 `+` 为止的命令、包装命令（`sudo`、`env`、`setsid`、`watch`...）在选项、赋值之后的命令，都各自再判定一次。
  判断以这些程序自己的规则为准：`-c` 可以和别的单字母选项合写、后面可以跟别的选项；`env` 把命令之前每个带 `=`
  的词都当作赋值；`--` 之后的词就是命令，即使它以 `-` 开头。

  Background:
    Given 权限规则:
      | 动作      | 模式  |
      | defaults  | false |
      | unmatched | ask   |

  Scenario Outline: <构造>
    When 按权限策略判定命令 `<命令>`
    Then 判定结果应为 "ask"
    And 需要批准的部分依次为 `<部分>`

    Examples:
      | 构造                                   | 命令                                              | 部分                                                                  |
      | 按路径写的 shell 的 -c 脚本            | /bin/bash -c 'rm x'                               | /bin/bash -c rm x；rm x                                               |
      | -c 与别的单字母选项合写                | bash -xce 'rm x'                                  | bash -xce rm x；rm x                                                  |
      | -c 之前带值的选项                      | bash -o pipefail -c 'rm x'                        | bash -o pipefail -c rm x；rm x                                        |
      | -c 之后的选项不是脚本                  | bash -c -e 'rm x'                                 | bash -c -e rm x；rm x                                                 |
      | 名字以 -c 结尾的脚本文件不是 -c 选项   | bash run-c x                                      | bash run-c x；run-c x                                                 |
      | 以 -c 开头却带 = 的参数不是 -c 选项    | bash script.sh -count=5 rm                        | bash script.sh -count=5 rm；script.sh -count=5 rm                     |
      | 多出来的 bash 前缀之后是命令           | bash rm -rf x                                     | bash rm -rf x；rm -rf x                                               |
      | bash 的选项之后是脚本文件，不是命令    | bash -x build.sh                                  | bash -x build.sh                                                      |
      | find -exec 到 ; 为止                   | find . -exec rm {} \\; -print                     | find . -exec rm {} ; -print；rm {}                                    |
      | find 的几个动作各到自己的结尾为止      | find . -exec echo {} \\; -execdir rm {} +         | find . -exec echo {} ; -execdir rm {} +；echo {}；rm {}               |
      | find -ok 与 -okdir                     | find . -ok rm {} \\; -okdir mv {} y \\;           | find . -ok rm {} ; -okdir mv {} y ;；rm {}；mv {} y                   |
      | 空的 -exec 什么也不运行                | find . -exec \\;                                  | find . -exec ;                                                        |
      | watch 的几个词合成一条命令             | watch -n 1 rm x                                   | watch -n 1 rm x；rm x                                                 |
      | setsid 的选项                          | setsid -f rm x                                    | setsid -f rm x；rm x                                                  |
      | env 的多字母赋值                       | env AB=1 rm x                                     | env AB=1 rm x；rm x                                                   |
      | env 把命令之前每个带 = 的词都当作赋值  | env 1X=2 ./run=fast rm x                          | env 1X=2 ./run=fast rm x；rm x                                        |
      | -- 之后以 - 开头的词是命令             | sudo -- -weird x                                  | sudo -- -weird x；-weird x                                            |
      | 多字母的赋值之后的 eval                | AB=1 eval 'rm x'                                  | AB=1 eval rm x；rm x                                                  |
      | 包装命令交给命令的参数保持原样         | sudo bash -c 'rm x; ls'                           | sudo bash -c rm x; ls；bash -c rm x; ls；rm x；ls                     |
      | 保留字之后的包装命令 | if nohup rm x; then :; fi | nohup rm x；rm x；: |
      | su 的用户之后的词是给 shell 的参数      | su -- root -x build.sh                            | su -- root -x build.sh                                                |

  Scenario Outline: 这样写的命令照样被拒绝：<写法>
    Given 权限规则:
      | 动作 | 模式 |
      | deny | rm * |
    When 按权限策略判定命令 `<命令>`
    Then 判定结果应为 "deny"

    Examples:
      | 写法                                      | 命令                          |
      | env 把命令之前带 = 的词都当作赋值         | env 1X=2 rm -rf x             |
      | su 把用户之后的词交给用户的 shell         | su -- root -c 'rm -rf x'      |
      | su 的用户之后，-- 之后的 -c 也交给 shell  | su root -- -c 'rm -rf x'      |

  Scenario Outline: 嵌套到上限处、没有命令可运行的包装命令（<命令>）不算嵌套太深
    When 按权限策略判定 8 层 "eval …" 嵌套的命令 `<命令>`
    Then 判定结果应为 "ask"

    Examples:
      | 命令         |
      | nohup        |
      | sudo -u root |
