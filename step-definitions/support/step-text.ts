/** Text from a step argument: `\n`, `\t`, `\"` and `\\` as in a JSON string. */
export const unescapeStepText = (text: string) => JSON.parse(`"${text.replace(/"/g, '\\"').replace(/\\\\"/g, '\\"')}"`) as string;
