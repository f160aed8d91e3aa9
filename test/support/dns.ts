// Publishes TXT records on the local stack's DNS server (its admin API), as a customer does at
// their DNS provider.
export async function publishTxt(name: string, values: string[]): Promise<void> {
  const response = await fetch(`${process.env.ARBOR_LOCAL_DNS_ADMIN_URL}/records/${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${process.env.ARBOR_LOCAL_DNS_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ txt: values }),
  });
  if (!response.ok) throw new Error(`DNS admin answered ${response.status}`);
}
