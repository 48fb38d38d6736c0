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
      | PATH              | /usr/bin           |
      | OPENAI_API_KEY    | v                  |
      | my_api_key        | v                  |
      | GITHUB_APIKEY     | v                  |
      | NPM_TOKEN         | v                  |
      | DEPLOY_TOKEN      | v                  |
      | APP_SECRET        | v                  |
      | APP_SECRET_VALUE  | v                  |
      | DB_PASSWORD       | v                  |
      | DB_PASSWD         | v                  |
      | SSH_PRIVATE_KEY   | v                  |
      | AWS_ACCESS_KEY    | v                  |
      | GCP_CREDENTIALS   | v                  |
      | HARMLESS_LOOKING  | known-secret-value |
      | TOKENIZER         | v                  |
      | XTOKEN            | v                  |
      | MY_TOKEN_FILE     | v                  |
      | SECRETARY         | v                  |
      | EMPTY_VALUE       |                    |
    Then 工具环境应只有 PATH、DEPLOY_TOKEN、TOKENIZER、XTOKEN、MY_TOKEN_FILE、SECRETARY、EMPTY_VALUE

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
