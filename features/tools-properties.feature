@own @tools @property
Feature: 工具层的性质测试
  用 fast-check 生成上千个输入，检查 Bash 工具与 TodoWrite 的不变量。生成的任意文本只走 Agent 命令、
  扩展与误用校验的路径，从不作为原生命令交给真实的 Shell；交给 Shell 的只有经过引用的参数。

  Scenario: Bash 工具对任意参数与命令文本都不抛出，总是返回带消息的结果
    Given Router 已就绪
    Then 对 1000 个生成的工具调用，Bash 工具都返回带消息且分类完整的结果

  Scenario: 任意文本经 quoteShellArg 引用后，真实的 bash 原样输出它
    Given Router 已就绪
    Then 对 300 个生成的字符串，路由 `printf '%s' <引用后的字符串>` 的输出与原文相同

  Scenario: 分词器把引用后的参数还原为原来的词
    Then 对 3000 组生成的词，引用后再分词得到原来的词

  Scenario: TodoWrite 恰好接受 schema 描述的文档，只有被接受的文档更新 TodoStore
    Given Router 已就绪
    Then 对 1000 个生成的 todo 文档与上限设置，TodoWrite 的接受与否与独立判定一致
