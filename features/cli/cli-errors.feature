@own @cli
Feature: synapse CLI：出错时一行说清楚，用户输入的任何东西都不会让它挂住
  CLI 遇到的每个文件系统问题（会话目录、状态文件、fixture、输出文件、工具模块）都是 stderr 上的一行，指出路径，
  用文字说明问题；不能用的输入路径以 2 退出。伪文件系统（/proc、/sys）不能写；只读取普通文件，设备和目录都不读。
  yargs 的校验消息完整保留，按用户写的样子指出参数；数字参数出错时引用用户输入的原文。

  Rule: 文件系统问题是一行、指出路径、退出码 2，且不会挂住

    Scenario Outline: <情形>
      When CLI 运行 synapse "<命令>"
      Then CLI 退出码应该是 2
      And CLI 进程应该在 10 秒内结束
      And CLI 标准错误应该只有一行且包含 '<错误>'
      And CLI 标准输出应该是 ""

      Examples:
        | 情形                                | 命令                                                                                        | 错误                                                                    |
        | /proc 下的会话目录                  | run --json --sessions-dir /proc/synapse-sessions --fixture fixtures/demo-write-file.json hi | Sessions directory /proc/synapse-sessions is on the proc pseudo-filesystem |
        | 会话目录的上级是文件                | run --json --sessions-dir /etc/passwd/sessions --fixture fixtures/demo-write-file.json hi   | is not a directory                                                      |
        | 状态文件所在的目录不存在            | runtime --fixture fixtures/runtime-weather.json --state /nonexistent-dir/x.json hi          | state file /nonexistent-dir/x.json: the directory /nonexistent-dir cannot be used (no such file or directory) |
        | 状态文件在 /sys 下                  | runtime --fixture fixtures/runtime-weather.json --state /sys/x.json hi                      | state file /sys/x.json: is on the sysfs pseudo-filesystem               |
        | 要续接的状态文件不存在              | runtime --fixture fixtures/runtime-weather.json --resume gone.json                         | state file gone.json: no such file or directory                         |
        | fixture 是目录                      | run --no-session --fixture . hi                                                             | fixture .: is a directory, not a file                                   |
        | fixture 不是 JSON                   | run --no-session --fixture fixtures/skills/word-count/SKILL.md hi                           | /fixtures/skills/word-count/SKILL.md is not valid JSON: No number after minus sign |
        | fixture 是不会结束的设备            | run --no-session --fixture /dev/zero hi                                                     | fixture /dev/zero: is not a regular file                                |
        | 输出文件是设备                      | run --no-session --fixture fixtures/demo-write-file.json --output-last-message /dev/stdout hi | --output-last-message /dev/stdout: is not a regular file               |
        | 输出文件在 /proc 下                 | run --no-session --fixture fixtures/demo-write-file.json --output-last-message /proc/x hi   | --output-last-message /proc/x: is on the proc pseudo-filesystem         |
        | --cwd 是文件                        | exec --cwd /etc/passwd 'echo hi'                                                             | is not a directory                                                      |
        | 输出文件的上级是文件                | run --no-session --fixture fixtures/demo-write-file.json --output-last-message /etc/passwd/x hi | --output-last-message /etc/passwd/x: /etc/passwd is not a directory    |
        | 输出文件是目录                      | run --no-session --fixture fixtures/demo-write-file.json --output-last-message . hi          | --output-last-message .: is a directory, not a file                     |
        | 输出文件的名字太长                  | run --no-session --fixture fixtures/demo-write-file.json --output-last-message aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa hi | --output-last-message aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: the name is too long |

    Scenario: 太大的输入文件不读，错误给出它的大小与上限
      Given CLI 工作目录中有一个 300 KiB 的文件 "prompt.md"
      When CLI 运行 synapse "run --no-session --fixture fixtures/demo-write-file.json --system-prompt-file prompt.md hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "--system-prompt-file prompt.md: too large (300 KiB; at most 256 KiB)"
      And CLI 标准输出应该是 ""

  Rule: 用法错误保留完整消息，按用户写的样子指出

    Scenario Outline: <情形>
      When CLI 运行 synapse "<命令>"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 '<错误>'

      Examples:
        | 情形                       | 命令                                                           | 错误                                                        |
        | 不在选项里的值             | runtime --approve maybe hi                                     | --approve: "maybe" is not one of "all", "none"              |
        | 未知的参数只被指出一次     | run --bogus-flag hi                                            | synapse: unknown option: --bogus-flag (see synapse run --help) |
        | 没有命令时的未知参数       | --bogus                                                        | unknown option: --bogus                                     |
        | 多出来的位置参数           | run --no-session hi there                                      | unexpected argument: "there"                                |
        | 不是数字                   | run --no-session --max-iterations abc hi                       | --max-iterations must be a whole number >= 1 (got "abc")    |
        | 不是整数                   | runtime --max-steps 2.5 hi                                     | --max-steps must be a whole number >= 1 (got "2.5")         |
        | 负数的重试次数             | run --no-session --max-retries -1 hi                           | --max-retries must be a whole number >= 0 (got "-1")        |
        | 互斥的参数                 | run --json --quiet hi                                          | --quiet and --json cannot be used together                  |
        | 缺少的位置参数             | sessions show                                                  | a required argument is missing (see synapse sessions show --help) |
        | 只取一个值的参数给了两次   | exec --sandbox read-only --sandbox off 'echo hi'               | --sandbox was given 2 times ("read-only", "off"); give it once |
        | 数字参数给了两次           | run --no-session --max-iterations 3 --max-iterations 4 hi      | --max-iterations was given 2 times ("3", "4"); give it once |

  Rule: 每个 --help 都说真话

    Scenario: 帮助里没有字面的 $0，只在有用的地方显示 --cwd，并说明 <id>
      When CLI 运行 synapse "runtime --help"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "--tools"
      And CLI 标准输出和标准错误都不应该包含 "$0"
      And CLI 标准输出和标准错误都不应该包含 "--cwd"
      When CLI 运行 synapse "sessions show --help"
      Then CLI 标准输出应该包含 "A session id as `synapse sessions list` shows it, a unique part of one"
      And CLI 标准输出和标准错误都不应该包含 "--cwd"
      When CLI 运行 synapse "exec --help"
      Then CLI 标准输出应该包含 "--cwd"
      And CLI 标准输出和标准错误都不应该包含 "$0"
