@own @security
Feature: 规则与密钥名字作为库使用时的细节
  直接构造 `PermissionPolicy` 时，编译不了的模式抛出 `PermissionRuleError`；加载规则文件时，一切错误都是
  `PermissionRulesError`，信息指出文件与位置（读不了的文件给出错误码）。策略列出的每条规则都能单独判断一条
  命令文本。自定义的密钥名字模式里，`*` 之外的字符（包括 `.`）按字面匹配。

  Scenario: 直接构造策略时，编译不了的模式抛出 PermissionRuleError
    When 用下列规则直接构造权限策略:
      | 动作 | 模式   |
      | ask  | ls*    |
      | deny | /rm/x  |
    Then 失败的错误应为 PermissionRuleError，信息为 "option deny[0]: unknown regex flag \"x\" (use i, m or s)"

  Scenario Outline: 规则文件的错误都是 PermissionRulesError：<错误>
    Given 规则文件 `rules.json` 的内容为 `<内容>`
    When 加载规则文件 `<文件>`，记下错误
    Then 失败的错误应为 PermissionRulesError，信息为 "<信息>"

    Examples:
      | 错误           | 内容                 | 文件         | 信息                                                             |
      | 编译不了的模式 | {"deny": ["/rm/x"]}  | rules.json   | {dir}/rules.json deny[0]: unknown regex flag \"x\" (use i, m or s) |
      | 字段类型不对   | {"defaults": "no"}   | rules.json   | {dir}/rules.json: defaults: Invalid input: expected boolean, received string |
      | 文件不存在     | {}                   | missing.json | cannot read the permission rules {dir}/missing.json: ENOENT       |

  Scenario: 策略列出的每条规则都能单独判断一条命令
    Given 权限规则:
      | 动作  | 模式       |
      | deny  | git status |
      | ask   | git push*  |
      | ask   | a*b        |
      | allow | /^ls\b/    |
    Then 策略里的每条规则对命令的判断应为:
      | 规则       | 命令          | 结果   |
      | git status | git status    | 匹配   |
      | git status | git status -s | 不匹配 |
      | git push*  | git push x    | 匹配   |
      | git push*  | git pull      | 不匹配 |
      | a*b        | a x b         | 匹配   |
      | a*b        | a x c         | 不匹配 |
      | /^ls\b/    | ls -la        | 匹配   |
      | /^ls\b/    | lsof          | 不匹配 |

  Scenario: 自定义的密钥名字模式里，* 之外的字符按字面匹配
    When 按密钥名字模式 "APP.TOKEN*、DB(1)_PASS" 由下列环境生成工具环境:
      | APP.TOKEN_1 | v        |
      | APPXTOKEN_1 | v        |
      | DB(1)_PASS  | v        |
      | DB1_PASS    | v        |
      | PATH        | /usr/bin |
    Then 生成的工具环境应只有 APPXTOKEN_1、DB1_PASS、PATH
