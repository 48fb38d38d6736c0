@own @tools
Feature: Agent 命令的参数按 Shell 的规则分词
  read、write、edit、glob、search 与 TodoWrite 在 Node 中执行，参数由一个小的分词器按 Shell 的规则拆开：
  空白分词，'...' 原样，"..." 里只有 \" \\ \$ \` 与反斜杠换行是转义，引号外的反斜杠转义下一个字符，
  反斜杠换行是续行；什么都不展开。引号外的运算符单独报告（Agent 命令不能参与管道）。
  下面每行是一个 JSON 对象：输入的行，以及得到的词与运算符，或者错误。

  Scenario: 分词的结果
    Then 分词器对每一行的结果应为:
      """
      {"line": "a b\tc\rd  e", "words": ["a", "b", "c", "d", "e"], "operators": []}
      {"line": "  ", "words": [], "operators": []}
      {"line": "'a  b'c \"\" ''", "words": ["a  bc", "", ""], "operators": []}
      {"line": "\"q\\\"\\\\\\$\\`\\x\\\nz\" tail", "words": ["q\"\\$`\\xz", "tail"], "operators": []}
      {"line": "a\\ b \\'c \\\nd", "words": ["a b", "'c", "d"], "operators": []}
      {"line": "\\\n", "words": [], "operators": []}
      {"line": "a\\\n", "words": ["a"], "operators": []}
      {"line": "x \\  y", "words": ["x", " ", "y"], "operators": []}
      {"line": "x|y||z&w&&v;u<t>s>>r<<q\np", "words": ["x", "y", "z", "w", "v", "u", "t", "s", "r", "q", "p"], "operators": ["|", "||", "&", "&&", ";", "<", ">", ">>", "<<", "newline"]}
      {"line": "a |& b", "words": ["a", "b"], "operators": ["|", "&"]}
      {"line": "'a | b' \"c ; d\" e\\|f", "words": ["a | b", "c ; d", "e|f"], "operators": []}
      {"line": "ok 'open", "error": "Unterminated single quote"}
      {"line": "ok \"open\\\"", "error": "Unterminated double quote"}
      {"line": "ok \\", "error": "Trailing backslash"}
      """
