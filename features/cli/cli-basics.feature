@own @cli
Feature: synapse CLI：帮助、版本、坏输入
  CLI 是库的一个薄消费者。这里运行构建好的 dist/cli.js（真实子进程），规定文档留白的部分：
  退出码（0 完成，1 运行失败，2 坏输入，130 被中断），错误是 stderr 上清楚的一行、没有堆栈。

  Scenario: --version 打印 package.json 的版本
    When CLI 运行 synapse "--version"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 package.json 的版本

  Scenario: --help 列出全部命令
    When CLI 运行 synapse "--help"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "synapse run [prompt]"
    And CLI 标准输出应该包含 "synapse exec"
    And CLI 标准输出应该包含 "synapse sessions <command>"
    And CLI 标准输出应该包含 "synapse runtime [prompt]"

  Scenario Outline: 坏输入以退出码 2 和一行错误结束：<情形>
    When CLI 运行 synapse "<命令>"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 '<错误>'

    Examples:
      | 情形           | 命令                                                    | 错误                           |
      | 未知的参数     | run --no-session --fixture fixtures/demo-write-file.json --bogus hi | unknown option: --bogus |
      | 没有命令       |                                                         | a command is required           |
      | 未知的命令     | fly                                                     | unknown command "fly"           |
      | 不存在的 --cwd | exec --cwd ./nowhere 'echo hi'                          | does not exist                  |
      | 非法的整数参数 | run --no-session --fixture fixtures/demo-write-file.json --max-iterations 0 hi | --max-iterations must be |
      | 没有提示       | run --no-session --fixture fixtures/demo-write-file.json | no prompt                      |
      | 没有 API key   | run --no-session hi                                     | no API key                      |
      | 两个未知的参数 | run --no-session --bogus --other hi                     | unknown options: --bogus, --other (see synapse run --help) |
      | 未知的短参数   | exec -z 'echo hi'                                       | unknown option: -z (see synapse exec --help) |
      | 多余的几个词   | sessions list one two                                   | unexpected arguments: "one", "two" (quote a prompt or command that has spaces) |
      | 多余的词       | sessions list extra                                     | unexpected argument: "extra" (quote a prompt or command that has spaces) (see synapse sessions list --help) |
      | 空命令         | exec ''                                                 | no command: synapse exec "<command>" |
      | 矛盾的沙箱参数 | exec --read-only --sandbox workspace-write 'echo hi'    | --read-only contradicts --sandbox workspace-write |
      | 不是 URL       | run --no-session --base-url notaurl hi                  | --base-url notaurl is not a URL (expected e.g. http://localhost:11434/v1) |
      | 不是 http(s)   | run --no-session --base-url ftp://x/v1 hi               | --base-url ftp://x/v1: expected an http(s) URL |
      | 会话与无会话   | run --session abc --no-session hi                       | --session and --no-session conflict |
      | 拼错的参数     | run --no-session --sesion abc hi                        | unknown option: --sesion (did you mean --session?) |
      | 缺少子命令     | sessions                                                | a sessions command is required: list, show <id>, stats <id>, rm <id> |
      | 未知命令列出全部 | fly                                                   | (commands: chat, run, exec, sessions, runtime, mcp, skills, serve, worker) |

  Scenario: 写坏的 fixture 是坏输入，错误指出文件和字段
    Given CLI 工作目录中有文件 "bad.json" 内容为 '{"replies":[{"toolCalls":[{"arguments":{}}]}]}'
    When CLI 运行 synapse "run --no-session --fixture bad.json hi"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "fixture bad.json: replies.0.toolCalls.0.name"

  Scenario: --debug 时错误带堆栈
    When CLI 运行 synapse "run --no-session --debug --fixture missing.json hi"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该包含 "fixture missing.json: no such file"
    And CLI 标准错误应该包含 "    at "
