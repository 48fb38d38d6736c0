@own @security
Feature: 已知密钥值的遮盖，包括分段到达的输出
  `SecretRedactor` 认得确切的值（模型的 API 密钥，以及名字像密钥、至少 8 个字符的环境变量的值；短于 4 个字符的
  值太像普通的词，不登记），把它们在文字里替换为 `[REDACTED]`，长的值先替换，所以包含另一个值的密钥被整个替换。
  分段到达的输出（流式转发给人看的命令输出）每段立即转发，只扣下可能是某个密钥开头的结尾，等下一段（或结束）
  见分晓：跨段的密钥同样被整个替换，不是密钥的文字一个字符也不丢。

  Scenario Outline: 遮盖文字：<情形>
    Given 遮盖器登记了值 <值>
    When 遮盖文字 "<文字>"
    Then 遮盖的结果应为 "<结果>"

    Examples:
      | 情形                       | 值                            | 文字                      | 结果                         |
      | 每一处都替换               | ["sk-SECRET-1"]               | a sk-SECRET-1 b sk-SECRET-1 | a [REDACTED] b [REDACTED]  |
      | 包含另一个值的密钥整个替换 | ["secret12", "secret1234"]    | is secret1234.            | is [REDACTED].               |
      | 值里的正则字符按字面匹配   | ["a.b+c*d"]                   | axb+c*d a.b+c*d           | axb+c*d [REDACTED]           |
      | 短于 4 个字符的值不登记    | ["abc", "abcd"]               | abc abcd                  | abc [REDACTED]               |
      | 什么都没登记时原样返回     | []                            | sk-SECRET-1               | sk-SECRET-1                  |

  Scenario: 登记过的值之后再登记，遮盖照样生效
    Given 遮盖器登记了值 ["first-secret"]
    When 遮盖文字 "first-secret"
    And 遮盖器登记了值 ["second-secret", "first-secret"]
    And 遮盖文字 "first-secret second-secret"
    Then 遮盖的结果应为 "[REDACTED] [REDACTED]"
    And 遮盖器应认得 2 个值，"second-secret" 在内、"second" 不在

  Scenario: 从环境变量登记：名字像密钥且至少 8 个字符的值
    Given 遮盖器从环境变量登记密钥:
      | DEPLOY_TOKEN   | dtk-1234     |
      | SHORT_TOKEN    | 1234567      |
      | HOME_DIRECTORY | /home/person |
    When 遮盖文字 "dtk-1234 1234567 /home/person"
    Then 遮盖的结果应为 "[REDACTED] 1234567 /home/person"
    And 遮盖器应认得 1 个值，"dtk-1234" 在内、"1234567" 不在

  Scenario Outline: 分段到达的输出：<情形>
    Given 遮盖器登记了值 ["sk-SECRET-1", "aXaXa"]
    When 遮盖器逐段收到 <片段> 然后结束
    Then 遮盖器应依次送出 <送出>

    Examples:
      | 情形                             | 片段                               | 送出                                 |
      | 与密钥无关的文字立即转发         | ["hello ", "world"]                | ["hello ", "world"]                  |
      | 跨段的密钥整个替换               | ["key=sk-SE", "CRET-1 done"]       | ["key=", "[REDACTED] done"]          |
      | 扣下的开头不是密钥时原样转发     | ["key=sk-SE", "cond"]              | ["key=", "sk-SEcond"]                |
      | 结束时送出扣下的结尾             | ["ends with sk-"]                  | ["ends with ", "sk-"]                |
      | 相连的两个密钥                   | ["sk-SECRET-1sk-SECRET-1"]         | ["[REDACTED][REDACTED]"]             |
      | 空的一段什么都不送出             | ["", "a"]                          | ["a"]                                |
      | 伸进可疑结尾的密钥整个送出       | ["1aXaXa"]                         | ["1[REDACTED]"]                      |
      | 可疑结尾之后的密钥留到下一段     | ["sk-SECRET-1 sk-S", "ECRET-1"]    | ["[REDACTED] ", "[REDACTED]"]        |

  Scenario: 什么都没登记时，分段的输出原样转发
    When 遮盖器逐段收到 ["sk-SE", "CRET-1"] 然后结束
    Then 遮盖器应依次送出 ["sk-SE", "CRET-1"]

  Scenario: 可能是更长密钥开头的短密钥，等下一段见分晓
    Given 遮盖器登记了值 ["abcd1234", "abcd1234-more"]
    When 遮盖器逐段收到 ["x abcd1234", "-more y"] 然后结束
    Then 遮盖器应依次送出 ["x ", "[REDACTED] y"]

  Scenario: 工具环境去掉名字像密钥的变量与携带已知密钥值的变量，有意放行的除外（名字不分大小写）
    Given 遮盖器登记了值 ["known-secret-value"]
    When 由下列环境生成工具环境，放行 "deploy_token":
      | PATH                   | /usr/bin           |
      | OPENAI_API_KEY         | v                  |
      | my_api_key             | v                  |
      | API_KEY_2              | v                  |
      | GITHUB_APIKEY          | v                  |
      | AZURE_OPENAI_KEY       | v                  |
      | NPM_TOKEN              | v                  |
      | TOKENIZER              | v                  |
      | DEPLOY_TOKEN           | v                  |
      | APP_SECRET             | v                  |
      | SECRETARY              | v                  |
      | DB_PASSWORD            | v                  |
      | PASSWORD_FILE          | v                  |
      | DB_PASSWD              | v                  |
      | PGPASSFILE             | v                  |
      | SSH_PRIVATE_KEY        | v                  |
      | AWS_ACCESS_KEY         | v                  |
      | GCP_CREDENTIALS        | v                  |
      | GITHUB_PAT             | v                  |
      | npm_config__authToken  | v                  |
      | SSH_AUTH_SOCK          | v                  |
      | XAUTHORITY             | v                  |
      | HARMLESS_LOOKING       | known-secret-value |
      | GIT_AUTHOR_NAME        | Ada                |
      | git_author_email       | ada@example.org    |
      | TOKENIZERS_PARALLELISM | false              |
      | KEYTIMEOUT             | 1                  |
      | GPG_TTY                | /dev/pts/0         |
      | MONKEY                 | v                  |
      | COMPASS                | v                  |
      | PATH_PATTERN           | v                  |
      | EMPTY_VALUE            |                    |
    Then 工具环境应只有 PATH、DEPLOY_TOKEN、GIT_AUTHOR_NAME、git_author_email、TOKENIZERS_PARALLELISM、KEYTIMEOUT、GPG_TTY、MONKEY、COMPASS、PATH_PATTERN、EMPTY_VALUE

  Scenario: 调用方自己的密钥名字模式独自决定，不再放过默认的例外
    When 按密钥名字模式 "GIT_*" 由下列环境生成工具环境:
      | GIT_AUTHOR_NAME | Ada      |
      | PATH            | /usr/bin |
    Then 生成的工具环境应只有 PATH

  Scenario Outline: 变量值里 URL 的凭据被去掉：<情形>
    When 由下列环境生成工具环境，放行 "none":
      | SOME_URL | <值> |
    Then 工具环境中 SOME_URL 应为 "<结果>"

    Examples:
      | 情形                   | 值                                                   | 结果                                      |
      | 用户名与密码           | postgres://app:pa55@db:5432/app                      | postgres://db:5432/app                    |
      | 令牌当用户名           | https://ghp_abcdef123456@github.com/o/r.git          | https://github.com/o/r.git                |
      | 只有密码               | redis://:s3cret@localhost:6379/0                     | redis://localhost:6379/0                  |
      | 密码里有未转义的 @     | http://u:p@ss@proxy.internal:3128                    | http://proxy.internal:3128                |
      | 一个值里的两个 URL     | a=https://u:p@a.example b=https://u2:p2@b.example/x  | a=https://a.example b=https://b.example/x |
      | 大写的协议             | HTTPS://U:P@HOST/x                                   | HTTPS://HOST/x                            |
      | 路径里的 @ 不是凭据    | https://social.example/@someone                      | https://social.example/@someone           |
      | 没有 // 的不是 URL     | mailto:someone@example.org                           | mailto:someone@example.org                |

  Scenario: 从环境变量登记：URL 里至少 8 个字符的凭据（user:password、密码、只有用户名时的用户名），不论变量名
    Given 遮盖器从环境变量登记密钥:
      | DATABASE_URL | postgres://app:pa55-w0rd-x9@db/app        |
      | CACHE_URL    | redis://:short@cache/0                    |
      | GIT_REMOTE   | https://ghp_0123456789abcdef@github.com/o |
    When 遮盖文字 "pa55-w0rd-x9 app:pa55-w0rd-x9 short ghp_0123456789abcdef"
    Then 遮盖的结果应为 "[REDACTED] [REDACTED] short [REDACTED]"

  Scenario: 没有已知密钥值时，只按名字去掉变量；没有值的变量不交给工具
    When 由下列环境生成工具环境，放行 "none":
      | PATH          | /usr/bin   |
      | NPM_TOKEN     | v          |
      | UNSET_BY_USER | <未设置>   |
    Then 工具环境应只有 PATH

  Scenario: 结束两次，扣下的结尾只送出一次
    Given 遮盖器登记了值 ["sk-SECRET-1"]
    When 遮盖器逐段收到 ["ends with sk-"] 然后结束两次
    Then 遮盖器应依次送出 ["ends with ", "sk-"]
