@own @tools
Feature: 原生命令的输出有上限，被省略的部分明确标注
  每个输出流（stdout、stderr 各自）保留开头与结尾各一半的字节，中间的部分被计数并标注为
  `[output truncated: N bytes omitted]`，从不悄悄丢掉。输出分成哪些块到达都不影响结果；
  Shell 用来标记命令结束的字节不算输出，也不占用保留的字节。截断处从不切开一个 UTF-8 字符：跨在截断处的字符
  整个归入省略的部分，并计入省略的字节数（切开的字符会变成 U+FFFD 替换字符）。

  Scenario Outline: 每个流保留 20 字节：<情形>
    Given Router 已就绪，每个输出流保留 20 字节
    When 路由命令 `<命令>`
    Then 命令结果应为 stdout "<stdout>"、stderr "<stderr>"、退出码 <退出码>

    Examples:
      | 情形                       | 命令                                                                | stdout                                                        | stderr                                                        | 退出码 |
      | 恰好 20 字节，全部保留     | printf 0123456789abcdefghij                                         | 0123456789abcdefghij                                          |                                                               | 0      |
      | 多 1 字节，省略 1 字节     | printf 0123456789abcdefghijk                                        | 0123456789\\n[output truncated: 1 bytes omitted]\\nbcdefghijk | | 0      |
      | 36 字节                    | printf 0123456789abcdefghijklmnopqrstuvwxyz                         | 0123456789\\n[output truncated: 16 bytes omitted]\\nqrstuvwxyz | | 0      |
      | stderr 同样处理            | printf 0123456789abcdefghijklmnopqrstuvwxyz >&2                     |                                                               | 0123456789\\n[output truncated: 16 bytes omitted]\\nqrstuvwxyz | 0      |
      | 分多块到达                 | for i in 1 2 3 4 5 6 7 8 9; do printf $i$i$i; sleep 0.02; done      | 1112223334\\n[output truncated: 7 bytes omitted]\\n6777888999 | | 0      |
      | 开头跨越两块               | printf 0123; sleep 0.05; printf 456789abcdefghijklmnopqrstuvwxyz   | 0123456789\\n[output truncated: 16 bytes omitted]\\nqrstuvwxyz | | 0      |
      | 不足 10 字节               | printf 012345                                                       | 012345                                                        |                                                               | 0      |
      | 输出里的 NUL 字节原样保留  | printf 'ab\\0cd'; (exit 3)                                          | ab\\u0000cd                                                   |                                                               | 3      |
      | 结束标记前不远处的 NUL     | printf '%030d\\0x' 0; (exit 3)                                       | 0000000000\\n[output truncated: 12 bytes omitted]\\n00000000\\u0000x | | 3      |
      | 截断处的两字节字符整个省略 | printf aéééééééééé                                                  | aéééé\\n[output truncated: 2 bytes omitted]\\nééééé          | | 0      |
      | 截断处的汉字整个省略       | printf ab一二三四五六七八九十                                       | ab一二\\n[output truncated: 15 bytes omitted]\\n八九十          | | 0      |
      | 以 0xE0 开头的三字节字符   | printf abकखगघङचछजझञ                                                | abकख\\n[output truncated: 15 bytes omitted]\\nजझञ            | | 0      |
      | 不是 UTF-8 的字节最多多省略 3 个 | head -c 30 /dev/zero \| tr '\\0' '\\200'                  | \\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\n[output truncated: 13 bytes omitted]\\n\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD\\uFFFD | | 0      |
      | 截断处的四字节字符整个省略 | printf abc😀😀😀😀😀😀                                              | abc😀\\n[output truncated: 12 bytes omitted]\\n😀😀             | | 0      |

  Scenario: 十万字节的输出：保留的与省略的字节数之和就是全部输出
    Given Router 已就绪，每个输出流保留 20 字节
    When 路由命令 `head -c 100000 /dev/zero | tr '\0' x`
    Then 命令结果应为 stdout "xxxxxxxxxx\n[output truncated: 99980 bytes omitted]\nxxxxxxxxxx"、stderr ""、退出码 0
