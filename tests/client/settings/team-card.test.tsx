import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../../shared/contracts/team';
import { TeamCard } from '../../../client/src/features/settings/team-card';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ResponseShapeError } from '../../../client/src/lib/api/response-shape-error';
import { createFakeServer } from '../http-test-server';

const JOINED = Date.UTC(2026, 0, 5);

/** A server that keeps a team: GET /api/team lists it, POST /api/team/invitations adds to it. */
function teamServer(team: Team) {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  server.on('/api/team', () => ({ status: 200, body: { data: team } }));
  server.on('/api/team/invitations', (call) => {
    const { email } = call.body as { email: string };
    const invitation = { id: `i${team.invitations.length + 1}`, email, created_at: JOINED, expires_at: JOINED + 7 * 86_400_000 };
    team.invitations.push(invitation);
    return { status: 201, body: { data: invitation } };
  });
  return server;
}

function renderCard(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <TeamCard />
    </QueryClientProvider>,
  );
}

let original: AxiosAdapter | undefined;

describe('<TeamCard> and its queries', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
  });
  afterEach(() => {
    cleanup();
    http.defaults.adapter = original;
    vi.restoreAllMocks();
  });

  it('when the owner invites someone, then the invitation is sent and the team is loaded again with it', async () => {
    const server = teamServer({ members: [{ id: 'u1', email: 'owner@example.com', role: 'admin', created_at: JOINED }], invitations: [] });
    http.defaults.adapter = server.adapter;
    renderCard(createQueryClient());

    expect(await screen.findByText('owner@example.com')).toBeTruthy();
    expect(screen.getByText('No pending invitations')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email of the person to invite' }), { target: { value: 'helper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    const invitation = await screen.findByText('helper@example.com');
    expect(within(invitation.closest('.ant-list-item') as HTMLElement).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(server.callsTo('/api/team/invitations')).toEqual([expect.objectContaining({ method: 'POST', body: { email: 'helper@example.com' } })]);
    expect(server.callsTo('/api/team')).toHaveLength(2);
  });

  it("when the owner sends the invitation with the field empty, then the field asks for the invitee's address and nothing is sent", async () => {
    const server = teamServer({ members: [{ id: 'u1', email: 'owner@example.com', role: 'admin', created_at: JOINED }], invitations: [] });
    http.defaults.adapter = server.adapter;
    renderCard(createQueryClient());
    await screen.findByText('owner@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Enter the email address of the person to invite')).toBeTruthy();
    expect(screen.queryByText('Enter your email address')).toBeNull();
    expect(server.callsTo('/api/team/invitations')).toEqual([]);
  });

  it("when the team is invalidated by its key (as a live event will), then the card shows the server's new team", async () => {
    const team: Team = { members: [{ id: 'u1', email: 'owner@example.com', role: 'admin', created_at: JOINED }], invitations: [] };
    http.defaults.adapter = teamServer(team).adapter;
    const client = createQueryClient();
    renderCard(client);
    await screen.findByText('owner@example.com');

    team.members.push({ id: 'u2', email: 'joined@example.com', role: 'member', created_at: JOINED });
    await client.invalidateQueries({ queryKey: ['team'] });

    expect(await screen.findByText('joined@example.com')).toBeTruthy();
  });

  it('when the server answers the team in another shape, then the card says it could not be loaded and the error names the request', async () => {
    const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/api/team', () => ({ status: 200, body: { data: { members: null } } }));
    http.defaults.adapter = server.adapter;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCard(createQueryClient());

    expect(await screen.findByText('The team could not be loaded.')).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(ResponseShapeError)));
    const reported = logged.mock.calls.map(([first]) => first).find((first) => first instanceof ResponseShapeError);
    expect(String(reported)).toContain('GET /api/team answered with an unexpected shape: data.members:');
  });
});
