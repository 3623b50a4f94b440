// Handler examples: each section is a separate file in a real project.

// --- app/api/items/route.ts
import { NextResponse } from 'next/server'

export async function GET() {
  return NextResponse.json({ items: [] })
}

// --- app/api/items/[id]/route.ts
import { lookup } from '@/lib/items'

export async function GET(request: Request, { params }: { params: { id: string } }) {
  return NextResponse.json(await lookup(params.id))
}

// --- lib/server.ts
const app = { name: 'first' }
const app = { name: 'second' }
export default app
export default { fetch: () => new Response('ok') }
