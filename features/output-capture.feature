@own @tools
Feature: 原生命令的输出有上限，被省略的部分明确标注
  每个输出流（stdout、stderr 各自）保留开头一半的字节与结尾的一段，中间的部分被计数并标注为
  `[output truncated: N bytes omitted]`，从不悄悄丢掉：保留的与省略的加起来总是全部输出。
  结尾那一段有多长取决于输出分成哪些块到达，开头总是恰好一半。

  Scenario Outline: 每个流保留 20 字节：<情形>
    Given Router 已就绪，每个输出流保留 20 字节
    When 路由命令 `<命令>`
    Then stdout 应为 "<stdout>" 或它保留开头 10 字节与一段结尾、中间标注省略字节数的样子
    And stderr 应为 "<stderr>" 或它保留开头 10 字节与一段结尾、中间标注省略字节数的样子
    And 退出码应为 `0`

    Examples:
      | 情形                   | 命令                                                                | stdout                                  | stderr                                  |
      | 多 1 字节              | printf 0123456789abcdefghijk                                        | 0123456789abcdefghijk                   |                                         |
      | 36 字节                | printf 0123456789abcdefghijklmnopqrstuvwxyz                         | 0123456789abcdefghijklmnopqrstuvwxyz    |                                         |
      | stderr 同样处理        | printf 0123456789abcdefghijklmnopqrstuvwxyz >&2                     |                                         | 0123456789abcdefghijklmnopqrstuvwxyz    |
      | 分多块到达             | for i in 1 2 3 4 5 6 7 8 9; do printf $i$i$i; sleep 0.02; done      | 111222333444555666777888999             |                                         |
      | 开头跨越两块           | printf 0123; sleep 0.05; printf 456789abcdefghijklmnopqrstuvwxyz   | 0123456789abcdefghijklmnopqrstuvwxyz    |                                         |

  Scenario: 十万字节的输出：保留的与省略的字节数之和就是全部输出
    Given Router 已就绪，每个输出流保留 20 字节
    When 路由命令 `head -c 100000 /dev/zero | tr '\0' x`
    Then 标准输出应带截断标记，保留的字节数与省略的字节数之和为 100000
