@own @security
Feature: 密钥不进入工具
  模型选择命令，所以模型能让工具打印出的东西，提示注入也能。工具启动的每个进程（原生 Shell、子代理的 Shell，
  以及扩展启动的进程）拿到的环境里没有模型凭据和名字像密钥的变量（`*_API_KEY`、`*_TOKEN`、`*_SECRET`、
  `*_PASSWORD` 等，可用 `passEnv` / `--pass-env NAME` 有意放行）；作为纵深防御，仍然出现在工具输出里的
  已知密钥值（文件、`/proc/<pid>/environ`、粘贴的配置）在成为工具结果之前就被替换为 `[REDACTED]`，
  所以模型、事件、NDJSON 与会话文件都看不到它。变量值里 URL 的凭据（`postgres://user:password@host/db`）被去掉，
  变量本身照常交给工具。模型自己写出的已知密钥值（回答的文字、工具调用的参数）在进入会话文件和事件之前
  同样被遮盖，命令本身照原样执行。

  Rule: 工具进程的环境里没有密钥

    Scenario Outline: 名字像密钥的变量对命令不可见：<方式>
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And Router 已就绪
      When 路由命令 `<命令>`
      Then 命令输出中不应出现任何一个密钥
      And 命令输出应包含 "<可见>"

      Examples:
        | 方式               | 命令                                                          | 可见      |
        | $变量              | echo "key=[$OPENAI_API_KEY] token=[$DEPLOY_TOKEN]"            | key=[] token=[] |
        | printenv           | printenv OPENAI_API_KEY DEPLOY_TOKEN; echo "status=$?"        | status=1  |
        | env                | env; echo end-of-env                                          | end-of-env |
        | 父进程的 environ   | cat /proc/$PPID/environ \| tr '\0' ' '; echo end-of-environ   | end-of-environ |

    Scenario: 用 passEnv 有意放行的变量对命令可见，但它的值在输出中仍被遮盖
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And Router 放行环境变量 `DEPLOY_TOKEN`
      When 路由命令 `test -n "$DEPLOY_TOKEN" && test -z "$OPENAI_API_KEY" && echo "passed through: $DEPLOY_TOKEN"`
      Then 命令输出中不应出现任何一个密钥
      And 命令输出应包含 "passed through: [REDACTED]"

    Scenario: 携带已知密钥值的变量，不论名字，都不交给命令
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 环境变量 `HARMLESS_LOOKING` 的值是 `OPENAI_API_KEY` 的值
      And Router 已就绪
      When 路由命令 `echo "[$HARMLESS_LOOKING]"`
      Then 命令结果应为 stdout "[]\n"、stderr ""、退出码 0

    Scenario: Runner 启动的 MCP 服务器拿到的也是没有密钥的环境
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      And 本场景的扩展层信任项目
      And Runner 自己创建扩展层，HOME 为场景目录
      And 模型先调用 Bash 执行 `mcp:everything:get-env`，然后回复 "env listed"
      When 执行一次运行
      Then 运行应以 "env listed" 结束
      And 模型收到的第 2 次请求中的工具结果应包含 "PATH"
      And 模型收到的第 2 次请求中的工具结果不应包含 "OPENAI_API_KEY"
      And 模型收到的第 2 次请求中的工具结果不应包含 "DEPLOY_TOKEN"

  Rule: 更宽的密钥名字；变量里 URL 的凭据被去掉

    Scenario Outline: 名字像密钥的 <名字> 对命令不可见，文件里它的值被遮盖
      Given 环境变量 `<名字>` 是真实样子的密钥
      And 工作区文件 `config.txt` 里写着 `<名字>` 的值
      And Router 已就绪
      When 路由命令 `printenv <名字>; echo "status=$?"; cat config.txt`
      Then 命令输出中不应出现任何一个密钥
      And 命令输出应包含 "status=1"
      And 命令输出应包含 "api_key = [REDACTED]"

      Examples:
        | 名字                  | 模式         |
        | API_KEY               | *API_KEY*    |
        | OPENAI_API_KEY_2      | *API_KEY*    |
        | AZURE_OPENAI_KEY      | *_KEY        |
        | SLACK_TOKEN_V2        | *TOKEN*      |
        | CLIENT_SECRET_ID      | *SECRET*     |
        | PASSWORD              | *PASSWORD*   |
        | SMTP_PASSWD           | *PASSWD*     |
        | PGPASSWORD            | PG*PASS*     |
        | GITHUB_PAT            | *_PAT        |
        | HTTP_AUTH_HEADER      | *AUTH*       |
        | npm_config__authToken | *AUTH*       |

    Scenario: 变量里 URL 的凭据被去掉，变量照常交给命令；凭据出现在输出里时被遮盖
      Given 环境变量 `DATABASE_URL` 的值是 "postgres://app:pa55-w0rd-x9@db.internal:5432/app"
      And 工作区文件 `notes.txt` 的内容为 "the password is pa55-w0rd-x9"
      And Router 已就绪
      When 路由命令 `echo "[$DATABASE_URL]"; cat notes.txt`
      Then 命令输出应包含 "[postgres://db.internal:5432/app]"
      And 命令输出应包含 "the password is [REDACTED]"

    Scenario: 用 --pass-env 有意放行的 URL 连凭据一起交给命令
      Given 环境变量 `DATABASE_URL` 的值是 "postgres://app:pa55-w0rd-x9@db.internal:5432/app"
      And Router 放行环境变量 `DATABASE_URL`
      When 路由命令 `test "$DATABASE_URL" = postgres://app:pa55-w0rd-x9@db.internal:5432/app && echo intact`
      Then 命令输出应包含 "intact"

  Rule: 已知的密钥值在成为工具结果之前被遮盖

    Scenario Outline: 文件里的密钥经由 <途径> 读出时被遮盖
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And Router 已就绪
      And 工作区文件 `config.txt` 里写着 `OPENAI_API_KEY` 的值
      When 路由命令 `<命令>`
      Then 命令输出中不应出现任何一个密钥
      And 命令输出应包含 "api_key = [REDACTED]"

      Examples:
        | 途径       | 命令                     |
        | 原生 cat   | cat config.txt           |
        | Agent read | read config.txt          |
        | search     | search api_key config.txt |

  Rule: 一次真实的运行不会泄露 API 密钥

    Scenario: 模型想方设法打印密钥，密钥不出现在模型的请求、事件与会话文件中
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 使用临时会话目录创建 Runner
      And 模型第一轮同时调用工具 `echo $OPENAI_API_KEY`、`env`、`cat /proc/$PPID/environ` 和 `cat config.txt`
      And 工作区文件 `config.txt` 里写着 `OPENAI_API_KEY` 的值
      When 执行一次运行
      Then 模型收到的请求中不应出现任何一个密钥
      And 运行事件中不应出现任何一个密钥
      And 会话目录的文件中不应出现任何一个密钥
      And 模型收到的第 2 次请求应包含 "[REDACTED]"

  Rule: 模型写出的已知密钥值在进入会话文件与事件之前被遮盖

    Scenario: 模型在回答和命令参数里写出密钥：会话文件、事件与回答里都是 [REDACTED]，命令照原样执行
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 使用临时会话目录创建 Runner
      And 模型第一轮在分段的回答里写出 `DEPLOY_TOKEN` 的值，并调用命令把这个值写进 `token.txt`
      And 模型第二轮在回答里写出 `DEPLOY_TOKEN` 的值
      When 执行一次运行
      Then 运行事件中不应出现任何一个密钥
      And 会话目录的文件中不应出现任何一个密钥
      And 运行的回答中不应出现任何一个密钥，而应包含 "the token is [REDACTED]"
      And 事件中模型的第 1 条回答应是 "writing [REDACTED] now"
      And 工作区文件 `token.txt` 里应是 `DEPLOY_TOKEN` 的值
