import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const token = process.env.NOTION_TOKEN;
if (!token) throw new Error("NOTION_TOKEN is not set");

type RichText = { plain_text: string };
type Block = { id: string; type: string; has_children: boolean; [k: string]: unknown };

async function notion<T>(path: string): Promise<T> {
  const res = await fetch(`https://api.notion.com/v1${path}`, {
    headers: { Authorization: `Bearer ${token}`, "Notion-Version": "2022-06-28" },
  });
  if (!res.ok) throw new Error(`Notion API ${res.status}`);
  return (await res.json()) as T;
}

function text(b: Block): string {
  const rt = ((b[b.type] as { rich_text?: RichText[] })?.rich_text ?? []).map((t) => t.plain_text).join("");
  switch (b.type) {
    case "heading_1": return `# ${rt}`;
    case "heading_2": return `## ${rt}`;
    case "heading_3": return `### ${rt}`;
    case "bulleted_list_item": return `- ${rt}`;
    case "numbered_list_item": return `1. ${rt}`;
    case "to_do": return `- [${(b.to_do as { checked: boolean }).checked ? "x" : " "}] ${rt}`;
    case "quote": return `> ${rt}`;
    case "code": return "```\n" + rt + "\n```";
    case "divider": return "---";
    case "paragraph": return rt;
    default: return `<!-- unsupported block: ${b.type} -->`;
  }
}

const [pageId, outDir = "notion-export"] = process.argv.slice(2);
const { results } = await notion<{ results: Block[] }>(`/blocks/${pageId}/children?page_size=100`);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${pageId}.md`), results.map(text).join("\n\n") + "\n");
console.log(`wrote ${results.length} blocks to ${outDir}`);
