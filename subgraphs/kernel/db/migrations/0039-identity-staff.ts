import { Migration } from '@mikro-orm/migrations';

/**
 * identity: staff members of a business (issue 14, store.staff.*).
 * - `staff_member`: an employee record of a business, not a sign-in account. The employee code and
 *   the linked user are unique per business (NULLs are distinct, so unset ones never collide). A
 *   deleted user account leaves the record unlinked; a deleted business takes its staff with it.
 * - `staff_member_store`: the stores they work at (that each is of the same business is checked by the
 *   service; the keys only say that both exist).
 * - `owner_invitation` gains a kind: the owner invitation mechanism also links a user to a staff
 *   member (`kind` = 'staff' with its `staff_member_id`); existing rows are owner invitations.
 */
export class Migration0039IdentityStaff extends Migration {
  override up(): void {
    this.addSql(`create table "staff_member" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "display_name" varchar(100) not null,
      "name_kana" varchar(100) not null,
      "email" varchar(320) null,
      "employee_code" varchar(32) null,
      "role" varchar(32) not null,
      "status" varchar(16) not null default 'active',
      "user_id" uuid null references "user_account" ("id") on delete set null,
      "linked_at" timestamptz null,
      constraint "staff_member_role_check" check ("role" in ('manager', 'assistant_manager', 'staff', 'part_time', 'contractor')),
      constraint "staff_member_status_check" check ("status" in ('active', 'inactive'))
    );`);
    this.addSql(
      'create index "staff_member_business_account_id_name_kana_id_index" on "staff_member" ("business_account_id", "name_kana", "id");',
    );
    this.addSql(
      'alter table "staff_member" add constraint "staff_member_business_account_id_employee_code_unique" unique ("business_account_id", "employee_code");',
    );
    this.addSql(
      'alter table "staff_member" add constraint "staff_member_business_account_id_user_id_unique" unique ("business_account_id", "user_id");',
    );
    this.addSql(`create table "staff_member_store" (
      "staff_member_id" uuid not null references "staff_member" ("id") on delete cascade,
      "store_id" uuid not null references "store" ("id") on delete cascade,
      primary key ("staff_member_id", "store_id")
    );`);
    this.addSql('create index "staff_member_store_store_id_index" on "staff_member_store" ("store_id");');

    this.addSql(`alter table "owner_invitation"
      add column "kind" varchar(16) not null default 'owner',
      add column "staff_member_id" uuid null references "staff_member" ("id") on delete cascade;`);
    this.addSql(`alter table "owner_invitation" add constraint "owner_invitation_kind_check"
      check (("kind" = 'owner' and "staff_member_id" is null) or ("kind" = 'staff' and "staff_member_id" is not null));`);
    this.addSql('create index "owner_invitation_staff_member_id_index" on "owner_invitation" ("staff_member_id");');
  }

  override down(): void {
    this.addSql('alter table "owner_invitation" drop constraint if exists "owner_invitation_kind_check";');
    this.addSql('alter table "owner_invitation" drop column if exists "staff_member_id";');
    this.addSql('alter table "owner_invitation" drop column if exists "kind";');
    this.addSql('drop table if exists "staff_member_store" cascade;');
    this.addSql('drop table if exists "staff_member" cascade;');
  }
}
